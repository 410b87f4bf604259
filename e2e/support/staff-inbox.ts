import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

import { siteConfig } from '#config/site.ts';
import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { expect } from '#e2e/fixtures.ts';
import { mailCount, onServer, requestLink, signInLinkFor, STAFF_E2E_EMAILS } from './staff.ts';

/**
 * What the staff inbox's specs (staff.*.spec.ts) share: their staff addresses (one per sign-in
 * flow), a request submitted as the form's script does, sign-in through the page and the e-mail,
 * and the staff chrome as opposed to the public one.
 */
export const [FLOW, LINK, AXE] = STAFF_E2E_EMAILS;

/** Submits a request like the form's script does; returns its id. */
export async function submitLead(
  request: APIRequestContext,
  fields: Record<string, string>,
): Promise<string> {
  const response = await request.post(CONTACT_ENDPOINT_PATH, {
    data: {
      clientType: 'professionnel',
      nom: 'Durand',
      prenom: 'Élise',
      adresse: '12 rue Anatole France, 92300 Levallois-Perret',
      telephone: '06 12 34 56 78',
      email: 'elise@entreprise.example',
      produit: 'Audit énergétique',
      message: 'Bonjour',
      rgpdConsent: true,
      website: '',
      ...fields,
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** Signs in through the page and the e-mail, as a staff member does. */
export async function signIn(from: Page, baseURL: string, email: string): Promise<Page> {
  let page = from;
  const before = mailCount(email);
  await requestLink(page, baseURL, email);
  const link = onServer(await signInLinkFor(email, before), baseURL);
  // As from a mail client: the link opens in a new tab.
  page = await page.context().newPage();
  await page.goto(link);
  await page.getByRole('button', { name: 'Me connecter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demandes reçues' })).toBeVisible();
  return page;
}

/**
 * The staff chrome, not the public one: the staff bar (the company, "Demandes" marked as
 * `current`, the signed-in address, sign-out), and none of the public header's links, footer or
 * floating buttons.
 */
export async function expectStaffChrome(page: Page, email: string, current: 'page' | 'true') {
  const bar = page.getByRole('banner');
  await expect(bar).toContainText(siteConfig.companyName);
  const nav = bar.getByRole('navigation', { name: 'Pages de l’espace équipe' });
  await expect(nav.getByRole('link', { name: 'Demandes' })).toHaveAttribute(
    'aria-current',
    current,
  );
  await expect(bar).toContainText(email);
  await expect(bar.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  await expectNoPublicChrome(page);
}

export async function expectNoPublicChrome(page: Page) {
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  // The public header's client area and quote, its solution menus, the floating buttons.
  for (const name of ['Espace Client', 'Devis gratuit', 'Professionnels', 'Contactez-nous']) {
    await expect(page.getByText(name)).toHaveCount(0);
    await expect(page.getByRole('link', { name })).toHaveCount(0);
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByText(siteConfig.phone.display)).toHaveCount(0);
}

export async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'equipe');
}
