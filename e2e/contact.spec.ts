import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { siteConfig } from '#config/site.ts';
import { contactPageText } from '#app/content/contact.ts';
import { CONSENT_TEXT } from '#contracts/contact/consent.ts';
import { CHOICE_VERSION } from '#contracts/contact/contact-choice.ts';
import { CONTACT_ENDPOINT_PATH, type LeadField } from '#contracts/contact/lead-contract.ts';
import { PRODUCT_OPTIONS } from '#contracts/contact/products.ts';
import { expect, gotoHydrated, test, VIEWPORTS } from './fixtures.ts';
import { fillContactForm, recordContactRequests } from './support/contact-form.ts';
import { waitForMail } from './support/mailbox.ts';

const ENDPOINT = `**${CONTACT_ENDPOINT_PATH}`;
const FALLBACK = "Une erreur est survenue lors de l'envoi. Veuillez réessayer.";

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** What a visitor types: every lead field but the fixed client type. */
type Visitor = Record<Exclude<LeadField, 'clientType'>, string>;

/** A fresh visitor per test, so the mails of parallel tests never mix up. */
function visitor(overrides: Partial<Visitor> = {}): Visitor {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    nom: 'Martin',
    prenom: 'Léa',
    adresse: '3 rue de la Paix, 75002 Paris',
    telephone: '06 12 34 56 78',
    email: `lea.${tag}@entreprise.example`,
    produit: 'Éclairage LED',
    message: `Entrepôt de 2 000 m², référence ${tag}`,
    ...overrides,
  };
}

/** Every field, the consent box left as it is (the tests tick it themselves). */
async function fillForm(page: Page, values: Visitor) {
  await fillContactForm(page, values, { consent: false });
}

const submitButton = (page: Page) =>
  page.getByRole('button', { name: /Envoyer ma demande|Envoi en cours/ });

async function expectValuesKept(page: Page, values: Visitor) {
  await expect(page.getByLabel('Nom *', { exact: true })).toHaveValue(values.nom);
  await expect(page.getByLabel('Prénom *', { exact: true })).toHaveValue(values.prenom);
  await expect(page.getByLabel('Adresse *', { exact: true })).toHaveValue(values.adresse);
  await expect(page.getByLabel('Numéro de téléphone *', { exact: true })).toHaveValue(
    values.telephone,
  );
  await expect(page.getByLabel('Email *', { exact: true })).toHaveValue(values.email);
  await expect(page.getByLabel("Produit d'intérêt (Professionnel)", { exact: true })).toHaveValue(
    values.produit,
  );
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(values.message);
  await expect(page.getByRole('checkbox', { name: CONSENT_TEXT })).toBeChecked();
}

for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
  test(`/contact has no accessibility violation at ${viewport.width} px, with or without errors`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await gotoHydrated(page, '/contact');
    expect((await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations).toEqual([]);

    // The notice fades in (motion-safe): axe must not catch it half transparent.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await submitButton(page).click();
    await expect(page.getByRole('alert')).toContainText('Consentement requis');
    await expect(page.getByText('Le nom est obligatoire.')).toBeVisible();
    expect((await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('the contact page shows the form, the coordinates and the quick-answer card', async ({
  page,
}) => {
  await gotoHydrated(page, '/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Renseignez-vous gratuitement');
  await expect(
    page.getByRole('heading', { level: 2, name: 'Demande de renseignements' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Réponse rapide' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: siteConfig.phone.display })).toHaveAttribute(
    'href',
    siteConfig.phone.href,
  );
  await expect(main.getByRole('link', { name: siteConfig.email }).first()).toHaveAttribute(
    'href',
    `mailto:${siteConfig.email}`,
  );
  await expect(main).toContainText(siteConfig.registeredOffice.city);

  await expect(page.getByLabel('Numéro de téléphone *', { exact: true })).toHaveAttribute(
    'type',
    'tel',
  );
  await expect(page.getByLabel('Email *', { exact: true })).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Message', { exact: true })).toHaveAttribute(
    'placeholder',
    'Décrivez votre projet ou posez vos questions...',
  );
  await expect(
    page.getByLabel("Produit d'intérêt (Professionnel)", { exact: true }).locator('option'),
  ).toHaveText(['Sélectionnez un produit', ...PRODUCT_OPTIONS]);
  await expect(page.getByRole('checkbox', { name: CONSENT_TEXT })).not.toBeChecked();
  // The GDPR notice under the form links to the privacy policy.
  await expect(main.getByRole('link', { name: 'politique de confidentialité' })).toHaveAttribute(
    'href',
    '/politique-confidentialite',
  );
});

test('opening the contact page from a scrolled page starts at the top', async ({ page }) => {
  await gotoHydrated(page, '/mentions-legales');
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Formulaire de contact' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Renseignez-vous gratuitement');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('without consent a notice appears and nothing is sent', async ({ page }) => {
  const sent = recordContactRequests(page);
  await gotoHydrated(page, '/contact');
  await fillForm(page, visitor());
  await submitButton(page).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Consentement requis');
  await expect(alert).toContainText(
    `Vous devez accepter que ${siteConfig.companyName} vous recontacte.`,
  );
  await expect(page.getByRole('checkbox', { name: CONSENT_TEXT })).toBeFocused();
  // Give a request every chance to leave before checking none did.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  expect(sent).toEqual([]);
});

test('invalid fields get French messages and the first one takes the focus', async ({ page }) => {
  const sent = recordContactRequests(page);
  await gotoHydrated(page, '/contact');
  await fillForm(page, visitor({ telephone: '12345', email: 'lea@' }));
  await page.getByLabel('Nom *', { exact: true }).fill('');
  await page.getByRole('checkbox', { name: CONSENT_TEXT }).check();
  await submitButton(page).click();

  const nom = page.getByLabel('Nom *', { exact: true });
  await expect(nom).toBeFocused();
  await expect(nom).toHaveAttribute('aria-invalid', 'true');
  await expect(nom).toHaveAccessibleDescription('Le nom est obligatoire.');
  await expect(
    page.getByLabel('Numéro de téléphone *', { exact: true }),
  ).toHaveAccessibleDescription(/Saisissez un numéro de téléphone valide/);
  await expect(page.getByLabel('Email *', { exact: true })).toHaveAccessibleDescription(
    /Saisissez une adresse e-mail valide/,
  );
  await expect(page.getByLabel('Prénom *', { exact: true })).not.toHaveAttribute('aria-invalid');
  expect(sent).toEqual([]);
});

test('?produit= preselects a known product after hydration', async ({ page }) => {
  await gotoHydrated(page, '/contact?produit=HP%20flottante');
  await expect(page.getByLabel("Produit d'intérêt (Professionnel)", { exact: true })).toHaveValue(
    'HP flottante',
  );
  await gotoHydrated(page, '/contact?produit=Piscine');
  await expect(page.getByLabel("Produit d'intérêt (Professionnel)", { exact: true })).toHaveValue(
    '',
  );
});

test('a network failure shows the fallback message and keeps the values', async ({
  page,
  problems,
}) => {
  problems.allowConsoleError(/Contact request failed|ERR_FAILED|Failed to load resource/);
  await page.route(ENDPOINT, (route) => route.abort('failed'));
  await gotoHydrated(page, '/contact');
  const values = visitor();
  await fillForm(page, values);
  await page.getByRole('checkbox', { name: CONSENT_TEXT }).check();
  await submitButton(page).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Erreur');
  await expect(alert).toContainText(FALLBACK);
  await expectValuesKept(page, values);
});

test('a valid request shows the pending state, posts the exact payload, confirms, resets and is mailed', async ({
  page,
}) => {
  const sent = recordContactRequests(page);
  // Hold the request on its way to the real server, to see the pending state.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(ENDPOINT, async (route) => {
    await held;
    await route.continue();
  });
  await gotoHydrated(page, '/contact');
  const values = visitor();
  await fillForm(page, values);
  await page.getByRole('checkbox', { name: CONSENT_TEXT }).check();
  const answer = page.waitForResponse(ENDPOINT);
  await submitButton(page).click();

  await expect(submitButton(page)).toHaveText('Envoi en cours…');
  await expect(submitButton(page)).toBeDisabled();
  await submitButton(page).click({ force: true });
  await expect.poll(() => sent.length).toBe(1);

  const request = sent[0]!;
  expect(request.method()).toBe('POST');
  expect(new URL(request.url()).pathname).toBe(CONTACT_ENDPOINT_PATH);
  const headers = await request.allHeaders();
  expect(headers['content-type']).toBe('application/json');
  expect(headers.apikey).toBe(siteConfig.backendAnonKey);
  expect(headers.authorization).toBe(`Bearer ${siteConfig.backendAnonKey}`);
  expect(request.postDataJSON()).toEqual({
    clientType: 'professionnel',
    ...values,
    rgpdConsent: true,
    // fillContactForm's default choice: « Par téléphone », « dès que possible ».
    recontact: 'telephone',
    jours: [],
    creneaux: [],
    recontactVersion: CHOICE_VERSION,
    website: '',
    // The visit started on the contact page: the request was sent from it.
    pageOrigine: '/contact',
  });

  release();
  expect((await answer).status()).toBe(200);
  const status = page.getByRole('status');
  await expect(status).toContainText('Demande envoyée !');
  await expect(status).toContainText(
    'Votre demande a été envoyée par email. Nous vous recontacterons rapidement.',
  );
  for (const label of Object.values(contactPageText.form.labels)) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
  }
  await expect(page.getByRole('checkbox', { name: CONSENT_TEXT })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'Par téléphone' })).not.toBeChecked();
  await expect(submitButton(page)).toHaveText('Envoyer ma demande');
  await expect(submitButton(page)).toBeEnabled();
  expect(sent).toHaveLength(1);

  // The company's notification reached the SMTP peer, with the visitor's words and reply-to.
  // The visitor's address is unique to this test.
  const notification = await waitForMail(
    (mail) =>
      mail.headers['reply-to'] === values.email &&
      (mail.headers['message-id']?.includes('.notification@') ?? false),
  );
  expect(notification.envelopeTo).not.toContain(values.email);
  expect(notification.subject).toContain(values.produit);
  for (const value of [values.nom, values.prenom, values.telephone, values.message]) {
    expect(notification.text).toContain(value);
  }
  const confirmation = await waitForMail((mail) => mail.envelopeTo.includes(values.email));
  expect(confirmation.envelopeTo).toEqual([values.email]);
  expect(confirmation.headers['message-id']).toContain('.confirmation@');
});

test('a request the server rejects shows its message and keeps the values', async ({
  page,
  problems,
}) => {
  problems.allowConsoleError(/Contact request rejected|413/);
  await gotoHydrated(page, '/contact');
  // Within every field limit the form checks, yet over the server's 16 KiB body limit once
  // encoded: three-byte characters fill the names, the address and the message.
  const values = visitor({
    nom: 'ẞ'.repeat(100),
    prenom: 'ẞ'.repeat(100),
    adresse: '€'.repeat(300),
    message: '€'.repeat(5_000),
  });
  await fillForm(page, values);
  await page.getByRole('checkbox', { name: CONSENT_TEXT }).check();
  const answer = page.waitForResponse(ENDPOINT);
  await submitButton(page).click();
  expect((await answer).status()).toBe(413);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Erreur');
  await expect(alert).toContainText('La demande est trop volumineuse.');
  await expectValuesKept(page, values);
});
