import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';

import { hashSecret, newSecret, SESSION_ABSOLUTE_MS } from '#server/staff/index.ts';
import { STAFF_API_PREFIX, type InboxPage } from '#contracts/staff/contract.ts';
import { sampleLead } from '#test-support/lead-input.ts';
import { expect, test, VIEWPORTS } from './fixtures.ts';
import { STAFF_E2E_EMAILS } from './support/staff.ts';
import { openStores } from '#server/compose/stores.ts';

/**
 * The staff search in a real browser against the production build (docs/staff.md): from « À
 * traiter » a new search finds a person already called, in « Toutes les demandes », and says
 * where each result stands; numbers match whatever their format, names in any order; the box,
 * the view and the list agree after the box is emptied and a view chosen; axe at 375 and 1280 px.
 */
const STAFF = STAFF_E2E_EMAILS[4];
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const DAY = 24 * 60 * 60 * 1000;

/** A word and numbers of this run only, so that the searches find this test's requests alone. */
const stamp = `Cherche${Date.now().toString(36)}`;
const digits = () => String(Math.floor(10_000_000 + Math.random() * 89_999_999));
const pairs = (eight: string) => eight.match(/\d\d/g)!.join(' ');
const mobile = digits();
const landline = digits();
const product = `Produit ${stamp}`;
const people = {
  /** Called (« Joint »): out of « À traiter ». */
  called: {
    id: `${stamp.toLowerCase()}-called`,
    prenom: 'Paul',
    nom: `Appele${stamp}`,
    telephone: `06 ${pairs(mobile)}`,
  },
  /** Received 10 days ago, never called: « En retard ». */
  late: {
    id: `${stamp.toLowerCase()}-late`,
    prenom: 'Léa',
    nom: `Retard${stamp}`,
    telephone: `+33 4 ${pairs(landline)}`,
  },
  /** Received a minute ago. */
  fresh: {
    id: `${stamp.toLowerCase()}-fresh`,
    prenom: 'Hugo',
    nom: `Recent${stamp}`,
    telephone: `07.${pairs(digits()).replace(/ /g, '.')}`,
  },
};
const email = (id: string) => `${id}@example.fr`;

async function prepare(context: BrowserContext, baseURL: string): Promise<void> {
  const store = await openStores({ dataDir: process.env.E2E_DATA_DIR! });
  const now = Date.now();
  try {
    for (const [person, at] of [
      [people.called, now - 2 * DAY],
      [people.late, now - 10 * DAY],
      [people.fresh, now - 60_000],
    ] as const) {
      const { id, prenom, nom, telephone } = person;
      await store.leads.insertLead(
        id,
        // A product of this run only (the store keeps what it is given; the list offers it).
        sampleLead({ prenom, nom, telephone, email: email(id), produit: product as never }),
        { text: 'J’accepte…', version: '2026-11-01', givenAt: at },
        [],
        at,
      );
    }
    await store.callback.recordCall({
      leadId: people.called.id,
      outcome: 'joint',
      note: '',
      staff: STAFF,
      now,
    });
    const id = newSecret();
    await store.sessions.startSession({
      id_hash: hashSecret(id),
      email: STAFF,
      created_at: now,
      last_seen_at: now,
      expires_at: now + SESSION_ABSOLUTE_MS,
    });
    await context.addCookies([
      {
        name: 'equipe',
        value: id,
        url: `${baseURL}${STAFF_API_PREFIX}/`,
        httpOnly: true,
        sameSite: 'Strict',
      },
    ]);
  } finally {
    await store.close();
  }
}

const box = (page: Page) => page.getByLabel('Recherche (nom, e-mail, téléphone, adresse)');

/** Runs a search; resolves with the ids the server answered (the list is then polled). */
async function search(page: Page, term: string): Promise<string[]> {
  await box(page).fill(term);
  const [response] = await Promise.all([
    page.waitForResponse((answer) => answer.url().endsWith('/demandes/recherche')),
    page.getByRole('button', { name: 'Filtrer', exact: true }).click(),
  ]);
  return ((await response.json()) as InboxPage).rows.map((row) => row.id);
}

/**
 * The listed requests: each name with where it stands, as shown: the status cell on a desktop;
 * on a phone, where that column is left out, the lines under the name after its number and
 * product.
 */
async function listed(page: Page): Promise<string[]> {
  const rows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });
  const shown: string[] = [];
  for (const row of await rows.all()) {
    const header = row.getByRole('rowheader');
    const name = await header.getByRole('link', { name: /^Ouvrir la demande de / }).innerText();
    const cell = row.locator('td:nth-last-child(2)');
    const standing = (await cell.isVisible())
      ? await cell.innerText()
      : (await header.innerText()).split('\n').slice(3).join(' ');
    const words = standing.replace(/\s+/g, ' ').trim();
    shown.push(words ? `${name} · ${words}` : name);
  }
  return shown;
}

async function expectNoViolation(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join()}`,
    ),
  ).toEqual([]);
}

test.describe('the staff search', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let storage: Awaited<ReturnType<BrowserContext['storageState']>>;

  test.beforeAll(async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    await prepare(context, baseURL!);
    storage = await context.storageState();
    await context.close();
  });

  for (const [name, viewport] of [
    ['desktop', VIEWPORTS.desktop],
    ['phone', VIEWPORTS.phone],
  ] as const) {
    test(`finds anyone, whatever the view and the format, at ${viewport.width} px (${name})`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ viewport, storageState: storage });
      const page = await context.newPage();
      await page.goto(`${baseURL}/equipe`);
      const views = page.getByRole('group', { name: 'Afficher' });
      const toCall = views.getByRole('button', { name: 'À traiter' });
      const all = views.getByRole('button', { name: 'Toutes les demandes' });
      await expect(toCall).toHaveAttribute('aria-pressed', 'true');
      const heading = (text: string) => page.getByRole('heading', { level: 2, name: text });

      // « À traiter », narrowed to this run's product: the two not called yet.
      await page.getByText('Plus de filtres').click();
      await page.getByLabel('Produit').selectOption(product);
      await page.getByRole('button', { name: 'Filtrer', exact: true }).click();
      await expect(heading('2 demandes')).toBeVisible();
      // Outside a search a phone row leaves the status out (the request's page has it).
      const status = name === 'phone' ? '' : ' · Nouveau';
      await expect
        .poll(() => listed(page))
        .toEqual([`Léa ${people.late.nom}${status}`, `Hugo ${people.fresh.nom}${status}`]);

      // The e-mail of the person already called: found, in « Toutes les demandes », « Joint ».
      expect(await search(page, email(people.called.id))).toEqual([people.called.id]);
      await expect(all).toHaveAttribute('aria-pressed', 'true');
      await expect(heading('1 demande')).toBeVisible();
      await expect.poll(() => listed(page)).toEqual([`Paul ${people.called.nom} · Joint En cours`]);
      await expectNoViolation(page);

      // The box emptied without « Filtrer », then a view chosen: the box, the view and the list
      // agree (the view's whole list, the product still applied).
      await box(page).fill('');
      await toCall.click();
      await expect(toCall).toHaveAttribute('aria-pressed', 'true');
      await expect(heading('2 demandes')).toBeVisible();
      await expect(box(page)).toHaveValue('');

      // Numbers whatever the format, stored or typed.
      for (const term of [`+33 6 ${pairs(mobile)}`, `+336${mobile}`, `06.${pairs(mobile)}`]) {
        expect(await search(page, term), term).toEqual([people.called.id]);
        await expect(all).toHaveAttribute('aria-pressed', 'true');
        await expect(heading('1 demande')).toBeVisible();
        await expect
          .poll(() => listed(page), { message: term })
          .toEqual([`Paul ${people.called.nom} · Joint En cours`]);
      }
      expect(await search(page, `04 ${pairs(landline)}`)).toEqual([people.late.id]);
      await expect(heading('1 demande')).toBeVisible();
      await expect.poll(() => listed(page)).toEqual([`Léa ${people.late.nom} · En retard Nouveau`]);

      // First and last name in either order.
      expect(await search(page, `${people.called.nom} Paul`)).toEqual([people.called.id]);
      await expect(heading('1 demande')).toBeVisible();
      await expect.poll(() => listed(page)).toEqual([`Paul ${people.called.nom} · Joint En cours`]);
      expect(await search(page, `hugo ${people.fresh.nom.toLowerCase()}`)).toEqual([
        people.fresh.id,
      ]);
      await expect(heading('1 demande')).toBeVisible();
      await expect
        .poll(() => listed(page))
        .toEqual([`Hugo ${people.fresh.nom} · À rappeler Nouveau`]);
      await expectNoViolation(page);
      await context.close();
    });
  }
});
