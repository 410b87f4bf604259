import { expect, test } from './fixtures.ts';
import { startServerProcess } from '#test-support/process.ts';
import {
  DEVELOPER_WORDS,
  expectNoViolation,
  integrations,
  page,
  plainText,
  receivedWhere,
  receiver,
  refreshUntil,
  serveWithWebhook,
  signedInPage,
  STAFF,
  submitRequest,
} from './support/webhooks-staff.ts';

/**
 * The CRM webhook's endpoint from the integrations page in a real browser (ADR 0024), on a server
 * of its own with a receiver on loopback: « Envoyer un test », a 410 that disables the endpoint
 * and « Réactiver », and a server without a webhook. The tests run in order on one server: each
 * leaves the endpoint active with nothing failed.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

serveWithWebhook();

test('« Envoyer un test » reaches the receiver as webhook.test', async () => {
  receiver.answer = 200;
  await page.goto('/equipe/integrations');
  const { endpoint, recent, refresh, summary, unfold, technicalRecent } = integrations();
  const before = receiver.received.length;
  await endpoint.getByRole('button', { name: 'Envoyer un test' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Un envoi de test part vers le CRM dans quelques secondes',
  );
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
  await expect(summary).toHaveText(/: il fonctionne, le dernier envoi est arrivé dans le CRM le /);
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
  // In plain words what happened and what to do; the 410 only under « Détails techniques ».
  await expect(endpoint).toContainText(
    'Le CRM ne reçoit plus rien : il a fait savoir que l’adresse où le site lui envoie les demandes n’existe plus.',
  );
  expect(await plainText()).not.toMatch(DEVELOPER_WORDS);
  await integrations().unfold();
  await expect(integrations().details).toContainText('Désactivé après une réponse 410 (Gone), le');
  await expectNoViolation('the integrations page, the endpoint stopped');
  // The event that got the 410 is not failed: it waits for the endpoint.
  await expect(endpoint).toContainText(/Envois en attente\s*[1-9]/);
  await expect(integrations().failures).toContainText('Aucun envoi en échec.');

  receiver.answer = 200;
  await endpoint.getByRole('button', { name: 'Réactiver' }).click();
  await expect(page.getByRole('status')).toContainText(
    /^Les envois au CRM reprennent\s: \d+ envois? en attente part(ent)? dans quelques secondes\.$/,
  );
  const [, again] = await receivedWhere((message) => message.webhookId === gone!.webhookId, 2);
  expect(again).toMatchObject({ type: 'webhook.test', verified: true, answered: 200 });
  await refreshUntil(refresh, async () => {
    await expect(endpoint).toContainText('Fonctionne', { timeout: 500 });
  });
  await expect(endpoint.getByRole('button', { name: 'Réactiver' })).toHaveCount(0);
  expect(receiver.received.every((message) => message.verified)).toBe(true);
});

test('without a webhook: the integrations page says nothing is sent, the settings under « Détails techniques », axe clean; a request’s page shows no deliveries', async ({
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
      /: cet envoi n’est pas mis en place, les demandes restent seulement dans l’espace équipe\.$/,
    );
    const section = other.getByRole('region', { name: 'Aucun envoi au CRM' });
    await expect(section).toContainText(
      'La personne qui gère le site peut mettre cet envoi en place.',
    );
    expect(await plainText(other)).not.toMatch(DEVELOPER_WORDS);
    // The settings' names: folded under « Détails techniques », shown once it is opened.
    const settings = unconfigured.details.getByText('WEBHOOK_URL').first();
    await expect(settings).toBeHidden();
    await unconfigured.unfold();
    await expect(settings).toBeVisible();
    await expect(unconfigured.details).toContainText('WEBHOOK_SECRET');
    await expectNoViolation('the integrations page without a webhook', other);
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
