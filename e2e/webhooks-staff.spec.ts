import { randomBytes } from 'node:crypto';

import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from '@playwright/test';

import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { WEBHOOK_ID } from '#contracts/staff/webhooks-contract.ts';
import { expect, gotoHydrated, test, VIEWPORTS } from './fixtures.ts';
import { fillContactForm } from './support/contact-form.ts';
import { signInAs } from './support/sign-in.ts';
import { startServerProcess, type ServerProcess } from '#test-support/process.ts';
import {
  startWebhookReceiver,
  type ReceivedEvent,
  type WebhookReceiver,
} from '#test-support/webhook-receiver.ts';

/**
 * The CRM webhook's staff pages in a real browser (issue 26), against a server of its own whose
 * WEBHOOK_URL is a receiver on loopback that verifies every signature with `standardwebhooks`
 * and answers 200, 500 or 410 as a test says. Two attempts per event (WEBHOOK_RETRY_DELAYS=1s).
 * The tests run in order on one server: each leaves the endpoint active with nothing failed.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const STAFF = 'crm@calora-energies.example';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** A token in the query string, as a CRM may require: never shown to staff. */
const QUERY_TOKEN = 'jeton-du-crm-e2e';

/** A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes. */
const secret = `whsec_${randomBytes(32).toString('base64')}`;

let receiver: WebhookReceiver;
let server: ServerProcess;
let page: Page;
/** The page's console errors and uncaught exceptions (the `problems` fixture watches its own page). */
const problems: string[] = [];

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

/** A page of `on`, signed in as STAFF, whose console errors and exceptions go to `problems`. */
async function signedInPage(browser: Browser, on: ServerProcess): Promise<Page> {
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

test.afterEach(() => {
  expect(problems.splice(0), 'console errors and uncaught exceptions').toEqual([]);
});

test.afterAll(async () => {
  await page?.context().close();
  await server?.stop();
  await receiver?.stop();
});

/** What the receiver got so far that `matches`, once there are at least `count` of them. */
async function receivedWhere(
  matches: (message: ReceivedEvent) => boolean,
  count = 1,
): Promise<ReceivedEvent[]> {
  await expect
    .poll(() => receiver.received.filter(matches).length, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(count);
  return receiver.received.filter(matches);
}

/** A request sent to the endpoint as the form's script sends it; its id. */
async function submitRequest(nom: string, on: Page = page): Promise<string> {
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
async function refreshUntil(refresh: Locator, check: () => Promise<void>) {
  await expect(async () => {
    await refresh.click();
    await check();
  }).toPass({ timeout: 20_000, intervals: [250, 500, 1000] });
}

async function expectNoViolation(label: string) {
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join()}`,
      ),
      `axe on ${label} at ${viewport.width} px`,
    ).toEqual([]);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

function deliveries() {
  const section = page.getByRole('region', { name: 'Envois au CRM' });
  return {
    section,
    refresh: section.getByRole('button', { name: 'Actualiser' }),
    event: (type: string) => section.getByRole('listitem').filter({ hasText: type }),
  };
}

function integrations(on: Page = page) {
  const details = on.locator('details').filter({ hasText: 'Détails techniques' });
  return {
    summary: on.getByText(
      /^Cette page suit l’envoi automatique des demandes au CRM de l’entreprise : /,
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

test('a request’s page shows what reached the CRM, from the form to a status change', async () => {
  receiver.answer = 200;
  const email = `form.${Date.now().toString(36)}@entreprise.example`;
  await gotoHydrated(page, '/contact');
  await fillContactForm(page, { nom: 'Formulaire', email });
  await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(page.getByRole('status')).toContainText('Demande envoyée !');

  const [created] = await receivedWhere(
    (message) => message.type === 'lead.created' && message.data.email === email,
  );
  expect(created!.verified).toBe(true);
  expect(created!.webhookId).toMatch(WEBHOOK_ID);
  const leadId = String(created!.data.id);

  await page.goto(`/equipe/demandes/${leadId}`);
  const { section, refresh, event } = deliveries();
  await expect(section).toBeVisible();
  await refreshUntil(refresh, async () => {
    await expect(event('Nouvelle demande')).toContainText('Livré le', { timeout: 500 });
  });
  await expect(event('Nouvelle demande')).toContainText(created!.webhookId);
  const attempts = event('Nouvelle demande').getByRole('table', {
    name: `Essais de l’envoi « Nouvelle demande » (${created!.webhookId})`,
  });
  await expect(attempts.getByRole('row')).toHaveCount(2);
  await expect(attempts.getByRole('row').nth(1)).toContainText('HTTP 200');
  await expect(attempts.getByRole('row').nth(1)).toContainText(/\d+\sms/);
  await expect(section.getByRole('button', { name: /^Renvoyer/ })).toHaveCount(0);

  // A new status is a new event, shown on the page as soon as it is saved.
  await page.getByLabel('Statut', { exact: true }).selectOption('en_cours');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Modification enregistrée.' }),
  ).toBeVisible();
  await expect(event('Changement de statut')).toBeVisible();
  const [changed] = await receivedWhere(
    (message) => message.type === 'lead.status_changed' && message.data.id === leadId,
  );
  expect(changed!.verified).toBe(true);
  expect(changed!.data).toMatchObject({ status: 'en_cours', previousStatus: 'nouveau' });
  await refreshUntil(refresh, async () => {
    await expect(event('Changement de statut')).toContainText('Livré le', { timeout: 500 });
  });
  await expect(event('Changement de statut')).toContainText(changed!.webhookId);
});

test('a failed event, then « Renvoyer » delivers it again under the same webhook-id', async () => {
  receiver.answer = 500;
  const leadId = await submitRequest('Echec');
  const attempts = await receivedWhere(
    (message) => message.type === 'lead.created' && message.data.id === leadId,
    2,
  );
  const webhookId = attempts[0]!.webhookId;
  expect(
    attempts.map((attempt) => [attempt.webhookId, attempt.verified, attempt.answered]),
  ).toEqual([
    [webhookId, true, 500],
    [webhookId, true, 500],
  ]);

  await page.goto(`/equipe/demandes/${leadId}`);
  const { refresh, event } = deliveries();
  const created = event('Nouvelle demande');
  await refreshUntil(refresh, async () => {
    await expect(created).toContainText('Échec', { timeout: 500 });
  });
  const table = created.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText('réponse HTTP 500');
  await expect(table.getByRole('row').nth(2)).toContainText('réponse HTTP 500');

  receiver.answer = 200;
  await created.getByRole('button', { name: `Renvoyer l’événement ${webhookId}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'même webhook-id' })).toBeVisible();
  const all = await receivedWhere((message) => message.webhookId === webhookId, 3);
  expect(all[2]).toMatchObject({ type: 'lead.created', verified: true, answered: 200 });
  await refreshUntil(refresh, async () => {
    await expect(created).toContainText('Livré le', { timeout: 500 });
  });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row').nth(3)).toContainText('HTTP 200');
});

test('the integrations page: one sentence, failures by name and event, the technical details folded; axe clean', async () => {
  receiver.answer = 500;
  const leadId = await submitRequest('Integrations');
  const [failing] = await receivedWhere(
    (message) => message.type === 'lead.created' && message.data.id === leadId,
    2,
  );
  const webhookId = failing!.webhookId;

  await page.goto('/equipe');
  const nav = page.getByRole('navigation', { name: 'Pages de l’espace équipe' });
  await nav.getByRole('link', { name: 'Intégrations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Intégrations' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Intégrations' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const { summary, endpoint, failures, recent, refresh, details, unfold, technicalRecent } =
    integrations();
  await refreshUntil(refresh, async () => {
    await expect(endpoint).toContainText('En échec : des envois attendent d’être renvoyés', {
      timeout: 500,
    });
  });
  // One sentence: what the page does and whether it works.
  await expect(summary).toHaveText(
    /: il ne fonctionne pas bien, 1 envoi a échoué et attend d’être renvoyé ci-dessous\.$/,
  );
  await expect(endpoint.getByRole('button', { name: 'Réactiver' })).toHaveCount(0);

  // The failure named by the person and the event in words; no id, no HTTP, no duration.
  const row = failures.getByRole('row').filter({ hasText: 'Nouvelle demande de Léa Integrations' });
  await expect(row).toContainText('Échec le');
  await expect(row.getByRole('cell').nth(2)).toHaveText('2');
  await expect(row.getByRole('link', { name: 'Léa Integrations' })).toHaveAttribute(
    'href',
    `/equipe/demandes/${leadId}`,
  );
  await expect(
    row.getByRole('button', { name: /^Renvoyer : Nouvelle demande de Léa Integrations \(/ }),
  ).toBeVisible();
  for (const technical of [failures, recent]) {
    await expect(technical).not.toContainText(webhookId);
    await expect(technical).not.toContainText('webhook-id');
    await expect(technical).not.toContainText(/\d\sms\b|HTTP \d{3}|WEBHOOK_URL/);
  }

  // The latest deliveries in words: this event's two failures, the earlier tests' successes.
  const failedAttempts = recent
    .getByRole('row')
    .filter({ hasText: 'Nouvelle demande de Léa Integrations' });
  await expect(failedAttempts).toHaveCount(2);
  await expect(failedAttempts.first()).toContainText('Échec');
  await expect(
    recent.getByRole('row').filter({ hasText: 'Reçu par le CRM' }).first(),
  ).toBeVisible();

  // « Détails techniques », folded: the address without its query, the ids, answers, durations.
  await expect(details.getByText(receiver.url)).toBeHidden();
  await unfold();
  await expect(details.getByText(receiver.url)).toBeVisible();
  await expect(details).not.toContainText(QUERY_TOKEN);
  await expect(details).not.toContainText(`${receiver.url}?`);
  const technicalAttempts = technicalRecent.getByRole('row').filter({ hasText: webhookId });
  await expect(technicalAttempts).toHaveCount(2);
  await expect(technicalAttempts.first()).toContainText('réponse HTTP 500');
  await expect(technicalAttempts.first()).toContainText(/\d+\sms/);
  await expect(
    technicalRecent.getByRole('row').filter({ hasText: 'HTTP 200' }).first(),
  ).toBeVisible();

  await expectNoViolation('the integrations page');
  await row.getByRole('link').click();
  await expect(deliveries().event('Nouvelle demande')).toContainText('Échec');
  await expectNoViolation('a request’s page with its deliveries');

  // « Tout renvoyer »: the failed event goes out again, with its id.
  await page.goBack();
  receiver.answer = 200;
  await integrations().failures.getByRole('button', { name: 'Tout renvoyer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'même webhook-id' })).toBeVisible();
  const again = await receivedWhere((message) => message.webhookId === webhookId, 3);
  expect(again[2]).toMatchObject({ verified: true, answered: 200 });
  await refreshUntil(refresh, async () => {
    await expect(failures).toContainText('Aucun envoi en échec.', { timeout: 500 });
    await expect(endpoint).toContainText('Fonctionne', { timeout: 500 });
  });
});

test('« Envoyer un test » reaches the receiver as webhook.test', async () => {
  receiver.answer = 200;
  await page.goto('/equipe/integrations');
  const { endpoint, recent, refresh, summary, unfold, technicalRecent } = integrations();
  const before = receiver.received.length;
  await endpoint.getByRole('button', { name: 'Envoyer un test' }).click();
  await expect(page.getByRole('status')).toContainText('Un événement de test part vers le CRM');
  const [sent] = await receivedWhere(
    (message) => message.type === 'webhook.test' && receiver.received.indexOf(message) >= before,
  );
  expect(sent).toMatchObject({ verified: true, answered: 200 });
  await refreshUntil(refresh, async () => {
    await expect(recent.getByRole('row').nth(1)).toContainText('Envoi de test', {
      timeout: 500,
    });
  });
  await expect(recent.getByRole('row').nth(1)).toContainText('Reçu par le CRM');
  await expect(summary).toHaveText(/: il fonctionne, le dernier envoi a été reçu par le CRM le /);
  await unfold();
  await expect(technicalRecent.getByRole('row').filter({ hasText: sent!.webhookId })).toContainText(
    'HTTP 200',
  );
});

test('a 410 disables the endpoint; « Réactiver » sends what waited, under its id', async () => {
  receiver.answer = 410;
  await page.goto('/equipe/integrations');
  const { endpoint, refresh } = integrations();
  const before = receiver.received.length;
  await endpoint.getByRole('button', { name: 'Envoyer un test' }).click();
  const [gone] = await receivedWhere(
    (message) => message.type === 'webhook.test' && receiver.received.indexOf(message) >= before,
  );
  expect(gone).toMatchObject({ verified: true, answered: 410 });
  await refreshUntil(refresh, async () => {
    await expect(endpoint).toContainText('Arrêté : le CRM a demandé l’arrêt des envois le', {
      timeout: 500,
    });
  });
  await expect(integrations().summary).toHaveText(/: il est arrêté, le CRM ayant demandé/);
  await expect(integrations().details).toContainText('Désactivé après une réponse 410 (Gone), le');
  // The event that got the 410 is not failed: it waits for the endpoint.
  await expect(endpoint).toContainText(/Envois en attente\s*[1-9]/);
  await expect(integrations().failures).toContainText('Aucun envoi en échec.');

  receiver.answer = 200;
  await endpoint.getByRole('button', { name: 'Réactiver' }).click();
  await expect(page.getByRole('status')).toContainText('Le point de réception est réactivé');
  const [, again] = await receivedWhere((message) => message.webhookId === gone!.webhookId, 2);
  expect(again).toMatchObject({ type: 'webhook.test', verified: true, answered: 200 });
  await refreshUntil(refresh, async () => {
    await expect(endpoint).toContainText('Fonctionne', { timeout: 500 });
  });
  await expect(endpoint.getByRole('button', { name: 'Réactiver' })).toHaveCount(0);
  expect(receiver.received.every((message) => message.verified)).toBe(true);
});

test('without a webhook: the integrations page says nothing is sent, the settings in its details, a request’s page shows no deliveries', async ({
  browser,
}) => {
  const bare = await startServerProcess(
    { STAFF_EMAILS: STAFF, LOG_LEVEL: 'warn' },
    { from: 'build' },
  );
  try {
    const other = await signedInPage(browser, bare);
    await other.goto('/equipe/integrations');
    const unconfigured = integrations(other);
    await expect(unconfigured.summary).toHaveText(
      /: cet envoi n’est pas activé, aucune demande ne quitte ce site\.$/,
    );
    const section = other.getByRole('region', { name: 'Aucun envoi au CRM' });
    await expect(section).not.toContainText('WEBHOOK_URL');
    await expect(unconfigured.details).not.toHaveAttribute('open');
    await expect(unconfigured.details).toContainText('WEBHOOK_URL');
    await expect(unconfigured.details).toContainText('WEBHOOK_SECRET');
    await expect(other.getByRole('button', { name: 'Envoyer un test' })).toHaveCount(0);

    const id = await submitRequest('Sanswebhook', other);
    await other.goto(`/equipe/demandes/${id}`);
    await expect(other.getByRole('heading', { level: 1, name: 'Léa Sanswebhook' })).toBeVisible();
    await expect(other.getByRole('region', { name: 'E-mails de cette demande' })).toBeVisible();
    await expect(other.getByRole('region', { name: 'Envois au CRM' })).toHaveCount(0);
    await other.context().close();
  } finally {
    await bare.stop();
  }
});
