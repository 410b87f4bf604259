import { startPostgresCluster, type PostgresCluster } from '#test-support/postgres.ts';
import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { expect, test } from './fixtures.ts';
import { E2E_SMTP_PORT } from './support/mailbox.ts';
import { startServerProcess, type ServerProcess } from '#test-support/process.ts';
import {
  mailCount,
  onServer,
  requestLink,
  signInLinkFor,
  STAFF_E2E_EMAILS,
} from './support/staff.ts';

/**
 * The staff inbox on PostgreSQL: a private cluster, the production server on it, sign-in by the
 * e-mail link and the list, in a real browser.
 */
const STAFF = STAFF_E2E_EMAILS[3];

let cluster: PostgresCluster;
let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startPostgresCluster();
  server = await startServerProcess(
    {
      DATABASE_URL: cluster.url,
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      STAFF_EMAILS: STAFF,
      LOG_LEVEL: 'warn',
    },
    { from: 'build' },
  );
});

test.afterAll(async () => {
  await server?.stop();
  cluster?.destroy();
});

test('sign in by the e-mailed link and see the requests, on PostgreSQL', async ({
  page,
  request,
}) => {
  const tag = `Pg${Date.now().toString(36).replace(/\d/g, 'x')}`;
  const response = await request.post(`${server.url}${CONTACT_ENDPOINT_PATH}`, {
    data: {
      clientType: 'professionnel',
      nom: tag,
      prenom: 'Inès',
      adresse: '1 place Bellecour, 69002 Lyon',
      telephone: '04 72 00 00 00',
      email: 'ines@entreprise.example',
      produit: 'HP flottante',
      message: '',
      rgpdConsent: true,
      website: '',
    },
  });
  expect(response.status()).toBe(200);

  const before = mailCount(STAFF);
  await requestLink(page, server.url, STAFF);
  const link = onServer(await signInLinkFor(STAFF, before), server.url);
  const tab = await page.context().newPage();
  await tab.goto(link);
  await tab.getByRole('button', { name: 'Me connecter' }).click();
  await expect(tab.getByRole('heading', { level: 1, name: 'Demandes reçues' })).toBeVisible();
  await expect(tab.getByRole('heading', { name: '1 demande' })).toBeVisible();
  await expect(tab.getByRole('row', { name: new RegExp(`Inès ${tag}`) })).toContainText(
    'HP flottante',
  );
  await tab.getByLabel('Recherche (nom, e-mail, téléphone, adresse)').fill('0472');
  await tab.getByRole('button', { name: 'Filtrer' }).click();
  await expect(tab.getByRole('heading', { name: '1 demande' })).toBeVisible();
  await tab.getByLabel('Recherche (nom, e-mail, téléphone, adresse)').fill('personne');
  await tab.getByRole('button', { name: 'Filtrer' }).click();
  await expect(tab.getByRole('heading', { name: 'Aucune demande' })).toBeVisible();
  // Typed while a search loads, a term stays (the form is not rebuilt under the typing).
  await expect(tab.getByLabel('Recherche (nom, e-mail, téléphone, adresse)')).toHaveValue(
    'personne',
  );
  // The empty list offers the way back: the list without the search and filters.
  await tab.getByRole('button', { name: 'Effacer la recherche et les filtres' }).click();
  await expect(tab.getByRole('heading', { name: '1 demande' })).toBeVisible();
  await expect(tab.getByLabel('Recherche (nom, e-mail, téléphone, adresse)')).toHaveValue('');
});
