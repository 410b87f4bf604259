import { contactErrorText, contactThanksText } from '#app/content/contact-outcome.ts';
import { CONSENT_TEXT, CONSENT_VERSION } from '#contracts/contact/consent.ts';
import {
  CONTACT_ENDPOINT_PATH,
  CONTACT_ERROR_PATHS,
  CONTACT_THANKS_PATH,
} from '#contracts/contact/lead-contract.ts';
import { expect } from './fixtures.ts';
import {
  fillForm,
  labels,
  storedLeads,
  submitButton,
  test,
  thanksUrl,
  visitor,
} from './support/contact-native.ts';
import { waitForMail } from './support/mailbox.ts';
import { startServerProcess } from '#test-support/process.ts';

/**
 * The form without JavaScript: it posts natively, the server answers 303 to a page of the site.
 * These tests run their own server, to read every line it logs.
 */

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('with SITE_URL unset, on a port other than 3000, the visitor stays on the address they typed', async ({
    page,
  }) => {
    // Its own server process starts inside the test: on a loaded machine that alone can take
    // most of the default 30 s (seen when three CI runs shared 2 CPUs).
    test.slow();
    // As `PORT=… npm start` with nothing configured (an empty value is "not set").
    const bare = await startServerProcess({ SITE_URL: '', LOG_LEVEL: 'warn' }, { from: 'build' });
    try {
      expect(new URL(bare.url).port).not.toBe('3000');
      const localhost = bare.url.replace('127.0.0.1', 'localhost');
      for (const origin of [bare.url, localhost]) {
        const values = visitor();
        await page.goto(`${origin}/contact`);
        await fillForm(page, values);
        await submitButton(page).click();
        await page.waitForURL(thanksUrl(origin));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(contactThanksText.title);
        expect(storedLeads(bare.dataDir).some((lead) => lead.email === values.email)).toBe(true);
      }
      await page.goto(`${bare.url}/contact`);
      await fillForm(page, visitor({ telephone: '123456' }));
      await submitButton(page).click();
      await page.waitForURL(`${bare.url}${CONTACT_ERROR_PATHS.invalid}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        contactErrorText.invalid.title,
      );
    } finally {
      await bare.stop();
    }
  });

  test('a valid request lands on /contact/merci, reaches the company with every field and is stored with its consent', async ({
    page,
    own,
  }) => {
    const values = visitor();
    await page.goto(`${own.url}/contact`);
    await fillForm(page, values);
    await submitButton(page).click();
    await page.waitForURL(thanksUrl(own.url));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(contactThanksText.title);
    // Without JavaScript the static page states the general rule.
    await expect(page.getByRole('main')).toContainText(contactThanksText.callbackRule);

    const notification = await waitForMail(
      (mail) =>
        mail.headers['reply-to'] === values.email &&
        (mail.headers['message-id']?.includes('.notification@') ?? false),
    );
    for (const value of Object.values(values)) expect(notification.text).toContain(value);
    expect(notification.text).toContain('professionnel');

    const lead = storedLeads(own.dataDir).find((entry) => entry.email === values.email);
    expect(lead?.consent).toEqual(
      expect.objectContaining({ text: CONSENT_TEXT, version: CONSENT_VERSION }),
    );
  });

  test('a phone the browser lets through but the schema refuses lands on the validation page; Back keeps the values', async ({
    page,
    own,
  }) => {
    const values = visitor({ telephone: '123456' });
    await page.goto(`${own.url}/contact`);
    await fillForm(page, values);
    await submitButton(page).click();
    await page.waitForURL(`${own.url}${CONTACT_ERROR_PATHS.invalid}`);
    const text = contactErrorText.invalid;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.title);
    await expect(page.getByRole('main')).toContainText(text.advice[2]!);
    await expect(page.getByRole('link', { name: 'Revenir au formulaire' })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(storedLeads(own.dataDir).some((lead) => lead.email === values.email)).toBe(false);

    await page.goBack();
    await expect(page).toHaveURL(`${own.url}/contact`);
    await expect(page.getByLabel(labels.nom, { exact: true })).toHaveValue(values.nom);
    await expect(page.getByLabel(labels.telephone, { exact: true })).toHaveValue('123456');
  });

  test('the browser blocks an empty required field, and nothing is sent', async ({ page, own }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(CONTACT_ENDPOINT_PATH)) sent.push(request.url());
    });
    await page.goto(`${own.url}/contact`);
    await fillForm(page, visitor({ nom: '' }));
    await submitButton(page).click();
    await page.getByLabel(labels.prenom, { exact: true }).press('Enter');
    await expect(page.locator('input[name="nom"]:invalid')).toHaveCount(1);
    // Give a request every chance to leave before checking none did.
    await page.waitForTimeout(300);
    expect(sent).toEqual([]);
    expect(page.url()).toBe(`${own.url}/contact`);
  });

  test('?produit= shows the placeholder without JavaScript, and nothing breaks', async ({
    page,
    own,
  }) => {
    await page.goto(`${own.url}/contact?produit=HP%20flottante`);
    await expect(page.getByLabel(labels.produit, { exact: true })).toHaveValue('');
    await expect(submitButton(page)).toBeEnabled();
  });

  test('a client over its rate limit lands on the rate-limit page', async ({ page }) => {
    const limited = await startServerProcess({ RATE_LIMIT_PER_HOUR: '1' }, { from: 'build' });
    try {
      for (const expected of [CONTACT_THANKS_PATH, CONTACT_ERROR_PATHS.rateLimited]) {
        await page.goto(`${limited.url}/contact`);
        await fillForm(page, visitor());
        await submitButton(page).click();
        await page.waitForURL((url) => url.href.startsWith(`${limited.url}${expected}`));
      }
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        contactErrorText.rateLimited.title,
      );
      await expect(page.getByRole('main')).toContainText(contactErrorText.rateLimited.advice[0]!);
    } finally {
      await limited.stop();
    }
  });

  test('past the site’s budget of requests, a visitor lands on the unavailable page', async ({
    page,
  }) => {
    // One request a minute for the whole site: of three sent within seconds, at most two pass
    // (one in each minute, should they straddle a minute's end).
    const flooded = await startServerProcess(
      { SITE_RATE_LIMIT_PER_MINUTE: '1' },
      { from: 'build' },
    );
    try {
      let landed = '';
      for (let attempt = 0; attempt < 3 && !landed.endsWith(CONTACT_ERROR_PATHS.unavailable);) {
        attempt += 1;
        await page.goto(`${flooded.url}/contact`);
        await fillForm(page, visitor());
        await submitButton(page).click();
        await page.waitForURL(
          (url) =>
            url.pathname === CONTACT_THANKS_PATH ||
            url.pathname === CONTACT_ERROR_PATHS.unavailable,
        );
        landed = new URL(page.url()).pathname;
      }
      expect(landed).toBe(CONTACT_ERROR_PATHS.unavailable);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        contactErrorText.unavailable.title,
      );
      await expect(page.getByRole('main')).toContainText(contactErrorText.unavailable.advice[1]!);
    } finally {
      await flooded.stop();
    }
  });

  test('another site cannot post a lead through the visitor’s browser', async ({
    page,
    own,
    problems,
  }) => {
    // Chromium reports the refused post (403) on the console.
    problems.allowConsoleError(/403/);
    const values = visitor();
    const fields = Object.entries({ ...values, clientType: 'professionnel', rgpdConsent: 'true' })
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
      .join('');
    await page.route('http://autre-site.example/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>x</title><form method="post" action="${own.url}${CONTACT_ENDPOINT_PATH}">${fields}<button>Go</button></form>`,
      }),
    );
    await page.goto('http://autre-site.example/');
    const answer = page.waitForResponse(`${own.url}${CONTACT_ENDPOINT_PATH}`);
    await page.getByRole('button', { name: 'Go' }).click();
    expect((await answer).status()).toBe(403);
    expect(storedLeads(own.dataDir).some((lead) => lead.email === values.email)).toBe(false);
  });
});
