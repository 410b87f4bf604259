import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { publicPaths } from '#app/routes-list.ts';
import { expect, gotoHydrated, test } from './fixtures.ts';
import { fillContactForm } from './support/contact-form.ts';
import { waitForMail } from './support/mailbox.ts';

/**
 * What the public side holds of the staff inbox: the page the form was opened from reaches the
 * notification e-mail (with the request's staff link), and public pages load none of the staff
 * code.
 */

test('the page the form was opened from reaches the notification e-mail, in memory only', async ({
  page,
  baseURL,
}) => {
  const email = `origine.${Date.now().toString(36)}@entreprise.example`;
  await gotoHydrated(page, '/professionnels/climatisation?utm_source=lettre');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(CONTACT_ENDPOINT_PATH)) sent.push(request.postData() ?? '');
  });
  await page.getByRole('link', { name: 'Demande en ligne' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Renseignez-vous gratuitement');
  await fillContactForm(page, { nom: 'Origine', email });
  await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(page.getByRole('status')).toContainText('Demande envoyée');
  const body = JSON.parse(sent[0]!) as Record<string, unknown>;
  expect(body).toMatchObject({ pageOrigine: '/professionnels/climatisation', utmSource: 'lettre' });
  const mail = await waitForMail(
    (message) =>
      message.text.includes(email) &&
      message.headers['message-id']?.includes('.notification@') === true,
  );
  expect(mail.text).toContain('Page d’origine\u00a0: /professionnels/climatisation');
  // A link to the request's staff page, built from SITE_URL and the request's id only.
  const reference = /Référence\u00a0: ([\w-]+)/.exec(mail.text)?.[1];
  expect(reference).toBeDefined();
  expect(mail.text).toContain(`${baseURL}/equipe/demandes/${reference}\n`);
  expect(mail.html).toContain(`href="${baseURL}/equipe/demandes/${reference}"`);
  // Nothing of it was written in the browser.
  expect(await page.context().cookies()).toEqual([]);
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
});

test('public pages load none of the staff code', async ({ page }) => {
  // Every public page, one after the other.
  test.setTimeout(180_000);
  await gotoHydrated(page, '/');
  // The staff routes' modules (the layout `routes/staff` first, then its children
  // `routes/staff/…`) and the modules only they import, from the app's own manifest.
  const staffOnly = await page.evaluate(() => {
    type Route = { module: string; imports?: string[] };
    const manifest = (
      window as unknown as { __reactRouterManifest: { routes: Record<string, Route> } }
    ).__reactRouterManifest;
    const isStaff = (id: string) =>
      id === 'routes/staff' || id.startsWith('routes/staff/') || id === 'staff-session';
    const entries = Object.entries(manifest.routes);
    // The layout first: its module is named after it.
    const staff = [
      ...entries.filter(([id]) => id === 'routes/staff'),
      ...entries.filter(([id]) => id !== 'routes/staff' && isStaff(id)),
    ];
    const others = entries
      .filter(([id]) => !isStaff(id))
      .flatMap(([, route]) => [route.module, ...(route.imports ?? [])]);
    return staff
      .flatMap(([, route]) => [route.module, ...(route.imports ?? [])])
      .filter((file) => !others.includes(file));
  });
  expect(staffOnly.length).toBeGreaterThan(0);
  expect(staffOnly[0]).toMatch(/^\/assets\/staff-[\w-]+\.js$/);

  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
  for (const path of publicPaths()) {
    await gotoHydrated(page, path);
  }
  expect(loaded.filter((path) => path.endsWith('.js')).length).toBeGreaterThan(0);
  expect(loaded.filter((path) => staffOnly.includes(path))).toEqual([]);
});
