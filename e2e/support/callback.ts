import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Page } from '@playwright/test';

import { STAFF_API_PREFIX } from '#contracts/staff/contract.ts';
import { hashSecret, newSecret, SESSION_ABSOLUTE_MS } from '#server/staff/index.ts';
import { sampleLead } from '#test-support/lead-input.ts';
import { openStores } from '#server/compose/stores.ts';

/** What the call-back clock's browser tests share: their requests, a session, search, axe. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A request's id in these tests: its last name, lower case, then `-id`. */
export const idOf = (nom: string) => `${nom.toLowerCase()}-id`;

/**
 * Writes requests (`[nom, receivedAt]`, first name Claire; with `dueAt`, a stored due time, as
 * the phone's choice « dès que possible » gives) and a session for `staff` into the server's
 * database, and gives the browser its cookie. Sign-in itself is covered by staff.*.spec.ts; its
 * per-client limit is shared by the whole run.
 */
export async function seedCallbackRequests(
  context: BrowserContext,
  baseURL: string,
  staff: string,
  requests: ReadonlyArray<readonly [nom: string, receivedAt: number, dueAt?: number]>,
): Promise<void> {
  const store = await openStores({ dataDir: process.env.E2E_DATA_DIR! });
  const now = Date.now();
  try {
    for (const [nom, at, dueAt] of requests) {
      await store.leads.submit({
        id: idOf(nom),
        lead: sampleLead({ nom, prenom: 'Claire', email: `${nom.toLowerCase()}@example.fr` }),
        consent: { text: 'J’accepte…', version: '2026-11-01', givenAt: at },
        contact:
          dueAt === undefined
            ? undefined
            : {
                choice: { channel: 'telephone', days: [], slots: [] },
                text: 'Comment souhaitez-vous être recontacté(e) ? Par téléphone.',
                version: '2026-11-26',
                dueAt,
              },
        mails: [],
        now: at,
      });
    }
    const id = newSecret();
    await store.sessions.startSession({
      id_hash: hashSecret(id),
      email: staff,
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

export async function search(page: Page, term: string) {
  await page.getByLabel('Recherche (nom, e-mail, téléphone, adresse)').fill(term);
  await page.getByRole('button', { name: 'Filtrer', exact: true }).click();
}

/** The names of the listed requests, in order (the link to each one's page). */
export async function listed(page: Page): Promise<string[]> {
  return page
    .getByRole('table')
    .getByRole('rowheader')
    .getByRole('link', { name: /^Ouvrir la demande de / })
    .allInnerTexts();
}

export async function expectNoViolation(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join()}`,
    ),
  ).toEqual([]);
}
