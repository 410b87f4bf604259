import { WEBHOOK_ID } from '#contracts/staff/webhooks-contract.ts';
import { expect, gotoHydrated, test } from './fixtures.ts';
import { fillContactForm } from './support/contact-form.ts';
import {
  deliveries,
  DEVELOPER_WORDS,
  expectNoViolation,
  integrations,
  page,
  plainText,
  QUERY_TOKEN,
  receivedWhere,
  receiver,
  refreshUntil,
  serveWithWebhook,
  submitRequest,
} from './support/webhooks-staff.ts';

/**
 * The CRM webhook's staff pages in a real browser (ADR 0024), on a server of its own with a
 * receiver on loopback: a request's page shows its deliveries, a failed event is sent again, and
 * the integrations page names the failures. The tests run in order on one server: each leaves the
 * endpoint active with nothing failed, and the integrations page reads the earlier successes.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

serveWithWebhook();

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
  await expect(
    page.getByRole('status').filter({
      hasText: 'L’envoi repart vers le CRM dans quelques secondes.',
    }),
  ).toBeVisible();
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
    /\s: le CRM n’a pas reçu 1 envoi\s; renvoyez-le ci-dessous quand il fonctionne de nouveau\.$/,
  );
  await expect(failures).toContainText(
    'Le CRM n’a pas reçu ces envois, malgré plusieurs essais, et le site ne réessaiera plus de lui-même.',
  );
  await expect(endpoint.getByRole('button', { name: 'Réactiver' })).toHaveCount(0);

  // The failure named by the person and the event in words; no id, no HTTP, no duration.
  const row = failures.getByRole('row').filter({ hasText: 'Nouvelle demande de Léa Integrations' });
  await expect(row.getByRole('cell').first()).toHaveText(/^Non reçu \(dernier essai le /);
  await expect(row.getByRole('link', { name: 'Léa Integrations' })).toHaveAttribute(
    'href',
    `/equipe/demandes/${leadId}`,
  );
  await expect(
    row.getByRole('button', { name: /^Renvoyer : Nouvelle demande de Léa Integrations \(/ }),
  ).toBeVisible();
  for (const technical of [failures, recent]) {
    await expect(technical).not.toContainText(webhookId);
  }
  // Nothing technical outside « Détails techniques »: no id, HTTP status, duration or setting.
  expect(await plainText()).not.toMatch(DEVELOPER_WORDS);

  // The latest deliveries in words: this event's two failures, the earlier tests' successes.
  const failedAttempts = recent
    .getByRole('row')
    .filter({ hasText: 'Nouvelle demande de Léa Integrations' });
  await expect(failedAttempts).toHaveCount(2);
  await expect(failedAttempts.first()).toContainText('Non reçu');
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
  // The attempts, the states and the settings are there too.
  const technicalFailed = details.getByRole('table', {
    name: /^Envois en échec\s: identifiants, essais et dernières réponses$/,
  });
  await expect(technicalFailed.getByRole('row').filter({ hasText: webhookId })).toContainText(
    /Nouvelle demande\s*2\s*réponse HTTP 500/,
  );
  await expect(details).toContainText('WEBHOOK_URL');
  await expect(details).toContainText('WEBHOOK_RETRY_DELAYS');

  await expectNoViolation('the integrations page');
  await row.getByRole('link').click();
  await expect(deliveries().event('Nouvelle demande')).toContainText('Échec');
  await expectNoViolation('a request’s page with its deliveries');

  // « Tout renvoyer »: the failed event goes out again, with its id.
  await page.goBack();
  receiver.answer = 200;
  await integrations().failures.getByRole('button', { name: 'Tout renvoyer' }).click();
  await expect(
    page.getByRole('status').filter({
      hasText: 'L’envoi repart vers le CRM dans quelques secondes.',
    }),
  ).toBeVisible();
  const again = await receivedWhere((message) => message.webhookId === webhookId, 3);
  expect(again[2]).toMatchObject({ verified: true, answered: 200 });
  await refreshUntil(refresh, async () => {
    await expect(failures).toContainText('Aucun envoi en échec.', { timeout: 500 });
    await expect(endpoint).toContainText('Fonctionne', { timeout: 500 });
  });
});
