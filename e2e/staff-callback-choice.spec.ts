import type { BrowserContext } from '@playwright/test';

import { CHOICE_VERSION, type ContactChoice } from '#contracts/contact/contact-choice.ts';
import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { formatSlotStart } from '#contracts/staff/callback-format.ts';
import { STAFF_API } from '#contracts/staff/contract.ts';
import { DEFAULT_CALENDAR, nextChosenSlot } from '#server/callback/index.ts';
import { expect, test, VIEWPORTS } from './fixtures.ts';
import { expectNoViolation, seedCallbackRequests } from './support/callback.ts';
import { STAFF_E2E_EMAILS } from './support/staff.ts';

/**
 * The person's choice on the staff side (ADR 0029), in a real browser against the production
 * build: two requests sent to the endpoint as JSON with the choice, one « par e-mail
 * uniquement » (marked in the inbox list and read there and on its page as e-mail work, « À
 * répondre avant … », never « à rappeler », ADR 0036; its page has no call form, only
 * « Répondu par e-mail », and the API refuses a call: 409), one by phone with days and slots
 * (its page says whether now is in the chosen slot, else the next one, computed here from the
 * same clock). Screenshots of the list and the pages at 375 and 1280 px under test-results/.
 */
const STAFF = STAFF_E2E_EMAILS[4];
// Letters only: the endpoint refuses a name with digits.
const stamp = `Choix${Date.now()
  .toString(36)
  .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'a')}`;
const SLOTS: ContactChoice = {
  channel: 'telephone',
  days: [1, 2, 3, 4, 5],
  slots: [{ start: 14 * 60, end: 17 * 60 }],
};

async function send(baseURL: string, nom: string, choice: object): Promise<string> {
  const response = await fetch(`${baseURL}${CONTACT_ENDPOINT_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify({
      clientType: 'professionnel',
      nom,
      prenom: 'Claire',
      adresse: '5 rue des Lilas, 69003 Lyon',
      telephone: '06 11 22 33 44',
      email: `${nom.toLowerCase()}@example.fr`,
      produit: 'Audit énergétique',
      message: 'Bonjour',
      rgpdConsent: true,
      website: '',
      recontactVersion: CHOICE_VERSION,
      ...choice,
    }),
  });
  const answer = (await response.json()) as { id: string };
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer.id;
}

test.describe('the person’s choice on the staff pages', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let storage: Awaited<ReturnType<BrowserContext['storageState']>>;
  let emailId: string;
  let slotId: string;

  test.beforeAll(async ({ browser, baseURL }) => {
    emailId = await send(baseURL!, `Courriel${stamp}`, { recontact: 'email' });
    slotId = await send(baseURL!, `Creneau${stamp}`, {
      recontact: 'telephone',
      jours: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi'],
      creneaux: ['14:00-17:00'],
    });
    const context = await browser.newContext();
    await seedCallbackRequests(context, baseURL!, STAFF, []);
    storage = await context.storageState();
    await context.close();
  });

  for (const [name, viewport] of [
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const) {
    test(`an e-mail-only request reads as e-mail work in the list and on its page, at ${viewport.width} px (${name})`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ viewport, storageState: storage });
      const page = await context.newPage();
      await page.goto(`${baseURL}/equipe`);
      // The default view's name covers both kinds of work (ADR 0036).
      const views = page.getByRole('group', { name: 'Afficher' });
      await expect(views.getByRole('button', { name: 'À traiter' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(views.getByRole('button', { name: 'À rappeler' })).toHaveCount(0);
      await page.getByLabel('Recherche (nom, e-mail, téléphone, adresse)').fill(stamp);
      await page.getByRole('button', { name: 'Filtrer', exact: true }).click();
      await expect(page.getByRole('columnheader', { name: 'Échéance' })).toBeVisible();
      const row = page.getByRole('row', { name: new RegExp(`Courriel${stamp}`) });
      await expect(row.getByText('E-mail uniquement')).toBeVisible();
      await expect(row.getByText(/^À répondre avant /)).toBeVisible();
      await expect(
        row.getByText('À répondre', { exact: true }).filter({ visible: true }),
      ).toBeVisible();
      await expect(row).not.toContainText(/rappel|24:00|24\sh/i);
      const other = page.getByRole('row', { name: new RegExp(`Creneau${stamp}`) });
      await expect(other).toBeVisible();
      await expect(other.getByText('E-mail uniquement')).toHaveCount(0);
      await expect(other.getByText(/^À rappeler avant /)).toBeVisible();
      await expectNoViolation(page);
      await page.screenshot({
        path: test.info().outputPath(`list-email-only-${name}.png`),
        fullPage: true,
      });

      await page.goto(`${baseURL}/equipe/demandes/${emailId}`);
      const panel = page.getByRole('region', { name: 'Réponse par e-mail' });
      await expect(panel).toContainText('Par e-mail uniquement');
      await expect(panel).toContainText('aucun appel ne peut être enregistré');
      await expect(panel).toContainText('À répondre avant');
      await expect(panel).toContainText('Aucune réponse enregistrée.');
      await expect(page.getByRole('region', { name: 'Historique' })).toContainText(
        'Rien pour l’instant.',
      );
      await expect(panel.getByRole('radio')).toHaveCount(0);
      await expect(panel.getByRole('button', { name: 'Enregistrer l’appel' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: '06 11 22 33 44' })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Rappel' })).toHaveCount(0);
      await expect(page.getByRole('main')).not.toContainText(
        /rappeler|Aucun appel enregistré|24:00|à 24\sh/i,
      );
      await expectNoViolation(page);
      await page.screenshot({
        path: test.info().outputPath(`lead-email-only-${name}.png`),
        fullPage: true,
      });
      await context.close();
    });
  }

  test('an e-mail-only request: no call form, a call refused, an answer recorded', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      viewport: VIEWPORTS.desktop,
      storageState: storage,
    });
    const page = await context.newPage();
    await page.goto(`${baseURL}/equipe/demandes/${emailId}`);
    const panel = page.getByRole('region', { name: 'Réponse par e-mail' });
    await expect(panel).toContainText('Aucune réponse enregistrée.');

    // The API refuses a call whatever the page sends; the cookie is the page's.
    const refused = await page.evaluate(
      async ([path, origin]) => {
        const answer = await fetch(path!, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: origin! },
          body: JSON.stringify({ outcome: 'joint' }),
        });
        return { status: answer.status, body: (await answer.json()) as { error: string } };
      },
      [STAFF_API.call(emailId), baseURL],
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('par e-mail uniquement');

    await panel.getByRole('button', { name: 'Enregistrer « Répondu par e-mail »' }).click();
    await expect(panel.getByText('Réponse par e-mail enregistrée.')).toBeVisible();
    // In working time: on a day off, the same day's answer took no working minute.
    await expect(panel).toContainText(/répondu par e-mail (en|dans l’heure ouvrée)/);
    // The history says what was done: an answer, not a call.
    const history = page.getByRole('region', { name: 'Historique' });
    await expect(history.getByRole('listitem').first()).toContainText('Réponse par e-mail');
    await expect(history).not.toContainText('Appel :');
    await expect(page.getByRole('main')).not.toContainText(/rappeler|Appel enregistré/i);
    await expectNoViolation(page);
    await page.setViewportSize(VIEWPORTS.phone);
    await expectNoViolation(page);
    await page.screenshot({
      path: test.info().outputPath('lead-email-only-answered-phone.png'),
      fullPage: true,
    });
    await context.close();
  });

  test('a request with chosen slots: in the slot, or out of it with the next one', async ({
    browser,
    baseURL,
  }) => {
    for (const [name, viewport] of [
      ['phone', VIEWPORTS.phone],
      ['desktop', VIEWPORTS.desktop],
    ] as const) {
      const context = await browser.newContext({ viewport, storageState: storage });
      const page = await context.newPage();
      await page.goto(`${baseURL}/equipe/demandes/${slotId}`);
      const panel = page.getByRole('region', { name: 'Rappel' });
      await expect(panel).toContainText('Par téléphone');
      await expect(panel).toContainText(
        /lundi, mardi, mercredi, jeudi, vendredi\s;\sde 14\sh à 17\sh/,
      );
      const now = Date.now();
      const next = nextChosenSlot(now, SLOTS, DEFAULT_CALENDAR, 'not-ended');
      expect(next).toBeDefined();
      if (next!.start <= now) {
        await expect(panel).toContainText('Dans le créneau choisi');
      } else {
        await expect(panel).toContainText(
          `Hors du créneau choisi — prochain\u00a0: ${formatSlotStart(next!.start, 'Europe/Paris')}`,
        );
      }
      await expect(panel.getByRole('radio')).toHaveCount(5);
      await expectNoViolation(page);
      await page.screenshot({
        path: test.info().outputPath(`lead-choice-${name}.png`),
        fullPage: true,
      });
      await context.close();
    }
  });
});
