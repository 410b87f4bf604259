import type { Page } from '@playwright/test';

import { SIGN_IN_FRAGMENT_KEY } from '#contracts/staff/contract.ts';
import { readMailbox } from './mailbox.ts';

/** The staff addresses of the e2e server (STAFF_EMAILS): one per test that signs in. */
export const STAFF_E2E_EMAILS = [
  'flux@calora-energies.example',
  'lien@calora-energies.example',
  'axe@calora-energies.example',
  'postgres@calora-energies.example',
  'rappel@calora-energies.example',
  'liste@calora-energies.example',
  'equipe@calora-energies.example',
] as const;

/** How many mails `email` has received so far. */
export function mailCount(email: string): number {
  return readMailbox().filter((message) => message.envelopeTo.includes(email)).length;
}

/**
 * The sign-in link of the first mail to `email` holding one after the `before`-th mail to them
 * (another mail to that person, such as their morning digest, may come in between).
 */
export async function signInLinkFor(email: string, before: number): Promise<string> {
  const link = new RegExp(`https?://\\S+/equipe/connexion#${SIGN_IN_FRAGMENT_KEY}=[\\w-]{43}`);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = readMailbox().filter((message) => message.envelopeTo.includes(email));
    const match = mails
      .slice(before)
      .map((mail) => link.exec(mail.text))
      .find((found) => found !== null);
    if (match) return match[0];
    if (Date.now() > deadline) throw new Error(`no sign-in mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Asks for a link on the sign-in page, as a person would. */
export async function requestLink(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/equipe/connexion`);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByRole('button', { name: 'Recevoir un lien de connexion' }).click();
  await page.getByRole('status').filter({ hasText: 'lien de connexion' }).waitFor();
}

/** The link's origin is the server's SITE_URL; tests open it on the server they talk to. */
export function onServer(link: string, baseUrl: string): string {
  const url = new URL(link);
  return `${baseUrl}${url.pathname}${url.hash}`;
}
