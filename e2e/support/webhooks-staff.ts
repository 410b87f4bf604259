import { randomBytes } from 'node:crypto';

import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from '@playwright/test';

import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { expect, test, VIEWPORTS } from '#e2e/fixtures.ts';
import { startServerProcess, type ServerProcess } from '#test-support/process.ts';
import {
  startWebhookReceiver,
  type ReceivedEvent,
  type WebhookReceiver,
} from '#test-support/webhook-receiver.ts';
import { signInAs } from './sign-in.ts';

/**
 * What the CRM webhook's staff specs (webhooks-staff.*.spec.ts) share: per spec file, a server of
 * its own whose WEBHOOK_URL is a receiver on loopback that verifies every signature with
 * `standardwebhooks` and answers 200, 500 or 410 as a test says (two attempts per event,
 * WEBHOOK_RETRY_DELAYS=1s), a page signed in on it, and the sections the tests read.
 * `receiver`, `server` and `page` are live bindings: read them inside a test, once
 * `serveWithWebhook()` has run its `beforeAll`.
 */
export const STAFF = 'crm@calora-energies.example';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** A token in the query string, as a CRM may require: never shown to staff. */
export const QUERY_TOKEN = 'jeton-du-crm-e2e';

/** A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes. */
const secret = `whsec_${randomBytes(32).toString('base64')}`;

export let receiver: WebhookReceiver;
export let server: ServerProcess;
export let page: Page;
/** The page's console errors and uncaught exceptions (the `problems` fixture watches its own page). */
const problems: string[] = [];

/** Called once at the top of a spec file: its server, receiver and page, and the console check. */
export function serveWithWebhook(): void {
  test.beforeAll(async ({ browser }) => {
    receiver = await startWebhookReceiver({ secret, path: '/hook' });
    server = await startServerProcess(
      {
        STAFF_EMAILS: STAFF,
        LOG_LEVEL: 'warn',
        WEBHOOK_URL: `${receiver.url}?token=${QUERY_TOKEN}`,
        WEBHOOK_SECRET: secret,
        WEBHOOK_RETRY_DELAYS: '1s',
      },
      { from: 'build' },
    );
    page = await signedInPage(browser, server);
  });

  test.afterEach(() => {
    expect(problems.splice(0), 'console errors and uncaught exceptions').toEqual([]);
  });

  test.afterAll(async () => {
    await page?.context().close();
    await server?.stop();
    await receiver?.stop();
  });
}

/** A page of `on`, signed in as STAFF, whose console errors and exceptions go to `problems`. */
export async function signedInPage(browser: Browser, on: ServerProcess): Promise<Page> {
  const context = await browser.newContext({
    baseURL: on.url,
    locale: 'fr-FR',
    viewport: VIEWPORTS.desktop,
  });
  const opened = await context.newPage();
  opened.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  opened.on('pageerror', (error) => problems.push(error.message));
  await signInAs(opened, STAFF, on.dataDir);
  return opened;
}

/** What the receiver got so far that `matches`, once there are at least `count` of them. */
export async function receivedWhere(
  matches: (message: ReceivedEvent) => boolean,
  count = 1,
): Promise<ReceivedEvent[]> {
  await expect
    .poll(() => receiver.received.filter(matches).length, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(count);
  return receiver.received.filter(matches);
}

/** A request sent to the endpoint as the form's script sends it; its id. */
export async function submitRequest(nom: string, on: Page = page): Promise<string> {
  const response = await on.request.post(CONTACT_ENDPOINT_PATH, {
    data: {
      clientType: 'professionnel',
      nom,
      prenom: 'Léa',
      adresse: '5 rue des Lilas, 69003 Lyon',
      telephone: '06 11 22 33 44',
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

/** The server writes an attempt once it has the answer: « Actualiser » until `check` holds. */
export async function refreshUntil(refresh: Locator, check: () => Promise<void>) {
  await expect(async () => {
    await refresh.click();
    await check();
  }).toPass({ timeout: 20_000, intervals: [250, 500, 1000] });
}

export async function expectNoViolation(label: string, on: Page = page) {
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await on.setViewportSize(viewport);
    const results = await new AxeBuilder({ page: on }).withTags(WCAG_TAGS).analyze();
    expect(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join()}`,
      ),
      `axe on ${label} at ${viewport.width} px`,
    ).toEqual([]);
  }
  await on.setViewportSize(VIEWPORTS.desktop);
}

/** What a salesperson should not have to read outside « Détails techniques ». */
export const DEVELOPER_WORDS =
  /[Ww]ebhook|WEBHOOK_|HTTP|\b410\b|Gone|failed|[Éé]vénement|point de réception|msg_|https?:|\d\sms\b/;

/** The page's main text outside its « Détails techniques », open or folded. */
export async function plainText(on: Page = page): Promise<string> {
  return on.locator('main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    for (const details of copy.querySelectorAll('details')) details.remove();
    return copy.textContent ?? '';
  });
}

export function deliveries() {
  const section = page.getByRole('region', { name: 'Envois au CRM' });
  return {
    section,
    refresh: section.getByRole('button', { name: 'Actualiser' }),
    event: (type: string) => section.getByRole('listitem').filter({ hasText: type }),
  };
}

export function integrations(on: Page = page) {
  const details = on.locator('details').filter({ hasText: 'Détails techniques' });
  return {
    summary: on.getByText(
      /^Cette page suit l’envoi automatique des demandes au logiciel client de l’entreprise \(CRM\)\s: /,
    ),
    endpoint: on.getByRole('region', { name: 'État de l’envoi au CRM' }),
    failures: on.getByRole('region', { name: 'Envois en échec', exact: true }),
    recent: on.getByRole('table', {
      name: 'Derniers essais d’envoi, du plus récent au plus ancien',
    }),
    refresh: on.getByRole('button', { name: 'Actualiser' }),
    details,
    /** Unfolds « Détails techniques » (folded when the page opens). */
    async unfold() {
      await expect(details).not.toHaveAttribute('open');
      await details.getByText('Détails techniques').click();
      await expect(details).toHaveAttribute('open');
    },
    technicalRecent: on.getByRole('table', {
      name: 'Derniers essais : identifiants, réponses et durées',
    }),
  };
}
