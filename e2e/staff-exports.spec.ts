import { readFileSync } from 'node:fs';

import AxeBuilder from '@axe-core/playwright';
import type { Download, Page } from '@playwright/test';

import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { STAFF_API, type LeadPage } from '#contracts/staff/contract.ts';
import { expect, test, VIEWPORTS } from './fixtures.ts';
import { signInAs } from './support/sign-in.ts';
import { startServerProcess, type ServerProcess } from '#test-support/process.ts';

/**
 * The inbox's export for a spreadsheet (ADR 0037), against a server of its own (its list holds
 * only these requests): the choice between the list shown and every request, the file's name,
 * its French words, the company's wall clock, the calls; at 375 and 1280 px, axe clean.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const STAFF = 'export@calora-energies.example';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** What the staff pages show for a moment (app/content/staff.ts `formatDateTime`). */
const screenTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});
/** A deadline in the CSV: one at the end of a day (00:00) is written on that day, at 23:59. */
const deadline = (ms: number) => {
  const shown = screenTime.format(ms);
  return shown.endsWith(' 00:00') ? screenTime.format(ms - 60_000) : shown;
};
const parisDay = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(ms);

let server: ServerProcess;

test.beforeAll(async () => {
  server = await startServerProcess(
    { STAFF_EMAILS: STAFF, LOG_LEVEL: 'warn', RATE_LIMIT_PER_HOUR: '1000' },
    { from: 'build' },
  );
});
test.afterAll(async () => server?.stop());

async function submit(page: Page, nom: string): Promise<string> {
  const response = await page.request.post(`${server.url}${CONTACT_ENDPOINT_PATH}`, {
    headers: { Origin: server.url },
    data: {
      clientType: 'professionnel',
      nom,
      prenom: 'Élise',
      adresse: '12 rue Anatole France, 92300 Levallois-Perret',
      telephone: '06 12 34 56 78',
      email: `${nom.toLowerCase()}@entreprise.example`,
      produit: 'Audit énergétique',
      message: 'Bonjour',
      rgpdConsent: true,
      website: '',
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** The downloaded CSV as rows of header → cell. */
function table(download: Download, path: string): Array<Record<string, string>> {
  const bytes = readFileSync(path);
  expect([...bytes.subarray(0, 3)], download.suggestedFilename()).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...lines] = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  const cells = (line: string) =>
    [...line.matchAll(/"((?:[^"]|"")*)"(?:;|$)/g)].map((match) => match[1]!.replace(/""/g, '"'));
  const names = cells(header!);
  return lines.map((line) => Object.fromEntries(cells(line).map((cell, i) => [names[i], cell])));
}

async function downloadWith(page: Page, choice: RegExp, columns: RegExp) {
  const region = page.getByRole('region', { name: 'Exporter pour un tableur' });
  await region.getByRole('radio', { name: choice }).check();
  await region.getByRole('radio', { name: columns }).check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    region.getByRole('button', { name: 'Télécharger le fichier CSV' }).click(),
  ]);
  return { download, rows: table(download, (await download.path())!) };
}

for (const [name, viewport] of [
  ['phone', VIEWPORTS.phone],
  ['desktop', VIEWPORTS.desktop],
] as const) {
  test(`exports the list shown or every request, for a spreadsheet, at ${viewport.width} px (${name})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'fr-FR', viewport });
    const page = await context.newPage();
    const called = await submit(page, `Appel${name}`);
    const waiting = await submit(page, `Attente${name}`);
    await signInAs(page, STAFF, server.dataDir);
    const call = await page.request.post(STAFF_API.call(called), {
      headers: { Origin: server.url },
      data: { outcome: 'pas_de_reponse', note: 'Rappeler vers 11 h' },
    });
    expect(call.status()).toBe(200);
    const lead = (await call.json()) as LeadPage;
    await page.reload();

    // The choice, labelled, the list shown checked by default; nothing wider than the screen.
    const region = page.getByRole('region', { name: 'Exporter pour un tableur' });
    await region.scrollIntoViewIfNeeded();
    const view = region.getByRole('radio', {
      name: /^La liste affichée : « À traiter » \(\d+ demandes?\)$/,
    });
    await expect(view).toBeChecked();
    await expect(region.getByRole('radio', { name: 'Toutes les demandes' })).not.toBeChecked();
    // Which columns: those of the list by default, every one on demand.
    const columns = region.getByRole('group', { name: 'Quelles colonnes ?' });
    const listColumns = columns.getByRole('radio', { name: 'Les colonnes de la liste' });
    await expect(listColumns).toBeChecked();
    await expect(listColumns).toHaveAccessibleDescription(
      'Nom, téléphone, e-mail, produit, statut, échéance, dernier appel et son résultat.',
    );
    await expect(columns.getByRole('radio', { name: 'Toutes les colonnes' })).not.toBeChecked();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    const shown = Number(
      /\((\d+) demandes?\)/.exec(
        (await region
          .locator('label')
          .filter({ hasText: /^La liste affichée/ })
          .textContent()) ?? '',
      )?.[1],
    );
    // The list shown: its view in the name, as many rows as the choice says, the columns a
    // salesperson reads.
    const listed = await downloadWith(page, /^La liste affichée/, /^Les colonnes de la liste$/);
    expect(listed.download.suggestedFilename()).toBe(
      `demandes-a-rappeler-${parisDay(Date.now())}.csv`,
    );
    expect(listed.rows).toHaveLength(shown);
    expect(Object.keys(listed.rows[0]!)).toEqual([
      'Nom',
      'Prénom',
      'Téléphone',
      'E-mail',
      'Produit',
      'Statut',
      'À rappeler avant',
      'Attribuée à',
      'Dernier appel',
      'Résultat du dernier appel',
    ]);
    expect(listed.rows.find((row) => row['Nom'] === `Attente${name}`)).toMatchObject({
      Téléphone: '06 12 34 56 78',
      Statut: 'Nouveau',
    });

    // Every request and every column: both, with French words, the screen's times and the call.
    const all = await downloadWith(page, /^Toutes les demandes$/, /^Toutes les colonnes$/);
    expect(all.download.suggestedFilename()).toBe(
      `demandes-toutes-toutes-colonnes-${parisDay(Date.now())}.csv`,
    );
    const byId = (id: string) => all.rows.find((row) => row['Référence'] === id);
    expect(byId(waiting)).toMatchObject({
      Statut: 'Nouveau',
      'Type de client': 'Professionnel',
      'Attribuée à': 'À attribuer',
      'Nombre d’appels': '0',
      'Résultat du dernier appel': '',
    });
    expect(byId(called)).toMatchObject({
      'Reçue le': screenTime.format(lead.createdAt),
      // « En cours » or « Nouveau », as the call-back clock's rule has it for an unanswered call.
      Statut: expect.stringMatching(/^(Nouveau|En cours)$/),
      'À rappeler avant': deadline(lead.clock.dueAt),
      'Nombre d’appels': '1',
      'Dernier appel': screenTime.format(lead.calls[0]!.at),
      'Résultat du dernier appel': 'Pas de réponse',
      'Dernier appel par': STAFF,
      'E-mail à l’équipe': expect.stringMatching(/^(Envoyé|En attente d’envoi|En échec.*)$/),
    });
    expect(JSON.stringify(all.rows)).not.toMatch(
      /en_cours|pas_de_reponse|notification:|T\d\d:\d\d:\d\d/,
    );
    await context.close();
  });
}
