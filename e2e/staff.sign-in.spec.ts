import { hashSecret, SIGN_IN_TOKEN_TTL_MS } from '#server/staff/index.ts';
import { openStores } from '#server/compose/stores.ts';
import { expect, test, VIEWPORTS } from './fixtures.ts';
import { mailCount, onServer, requestLink, signInLinkFor } from './support/staff.ts';
import { LINK } from './support/staff-inbox.ts';

/**
 * The staff inbox's sign-in in a real browser against the production build, with the real SMTP
 * peer: the same answer for an unlisted address, a link that works once and not after expiry.
 */
test.describe('staff inbox', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('an unlisted address sees the same answer and receives nothing', async ({
    page,
    baseURL,
  }) => {
    const stranger = `intrus.${Date.now()}@example.fr`;
    await requestLink(page, baseURL!, stranger);
    await expect(page.getByRole('status')).toHaveText(
      'Si cette adresse fait partie de l’équipe, un lien de connexion vient de lui être envoyé. Il est valable 15 minutes.',
    );
    // A listed address's link arrives well within this; the stranger's never does.
    const before = mailCount(LINK);
    await requestLink(page, baseURL!, LINK);
    await signInLinkFor(LINK, before);
    expect(mailCount(stranger)).toBe(0);
  });

  test('a link works once, not twice, and not after expiry', async ({
    page,
    baseURL,
    context,
    problems,
  }) => {
    problems.allowConsoleError(/status of 400/);
    const before = mailCount(LINK);
    await requestLink(page, baseURL!, LINK);
    const link = onServer(await signInLinkFor(LINK, before), baseURL!);
    // Pasted into the tab that shows the sign-in page: only the fragment changes.
    await page.goto(link);
    // The token leaves the address bar at once.
    await expect(page).toHaveURL(`${baseURL}/equipe/connexion`);
    await page.getByRole('button', { name: 'Me connecter' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Demandes reçues' })).toBeVisible();

    // The same link again, in another browser (a stolen link after the staff member used it).
    const other = await context.browser()!.newContext();
    const thief = await other.newPage();
    await thief.goto(link);
    await thief.getByRole('button', { name: 'Me connecter' }).click();
    await expect(thief.getByRole('alert')).toHaveText(/n’est plus valable/);
    expect(await other.cookies()).toEqual([]);

    // An expired token, written into the server's database as the server would have.
    const store = await openStores({ dataDir: process.env.E2E_DATA_DIR! });
    const expired = 'X'.repeat(43);
    try {
      await store.sessions.insertSignInToken(
        hashSecret(expired),
        LINK,
        Date.now() - SIGN_IN_TOKEN_TTL_MS - 1_000,
        SIGN_IN_TOKEN_TTL_MS,
      );
    } finally {
      await store.close();
    }
    await thief.goto(`${baseURL}/equipe/connexion#jeton=${expired}`);
    await thief.getByRole('button', { name: 'Me connecter' }).click();
    await expect(thief.getByRole('alert')).toHaveText(/n’est plus valable/);
    await other.close();
  });
});
