import { expect, type Page } from '@playwright/test';

import { hashSecret, newSecret, SIGN_IN_TOKEN_TTL_MS } from '#server/staff/index.ts';
import { SIGN_IN_FRAGMENT_KEY } from '#contracts/staff/contract.ts';
import { openStores } from '#server/compose/stores.ts';

/**
 * Signs `page` in as `email` on the server whose DATA_DIR is `dataDir` (the page's base URL):
 * a sign-in link written into the server's database, as the server would write it, then opened
 * and confirmed (« Me connecter »), as a person would. Resolves on the inbox. The sign-in request
 * itself, with its mail and its limits, is covered by e2e/staff.*.spec.ts.
 */
export async function signInAs(page: Page, email: string, dataDir: string): Promise<void> {
  const token = newSecret();
  const store = await openStores({ dataDir });
  try {
    await store.sessions.insertSignInToken(
      hashSecret(token),
      email,
      Date.now(),
      SIGN_IN_TOKEN_TTL_MS,
    );
  } finally {
    await store.close();
  }
  await page.goto(`/equipe/connexion#${SIGN_IN_FRAGMENT_KEY}=${token}`);
  await page.getByRole('button', { name: 'Me connecter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demandes reçues' })).toBeVisible();
}
