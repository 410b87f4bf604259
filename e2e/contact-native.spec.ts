import { spawnSync } from 'node:child_process';

import type { BrowserContext, Page } from '@playwright/test';

import { contactPageText } from '../app/content/contact';
import { contactErrorText, contactThanksText } from '../app/content/contact-outcome';
import { CONSENT_TEXT, CONSENT_VERSION } from '../contracts/contact/consent';
import {
  CONTACT_ENDPOINT_PATH,
  CONTACT_ERROR_PATHS,
  CONTACT_THANKS_PATH,
  type LeadField,
} from '../contracts/contact/lead-contract';
import { expect, holdScripts, test as base, waitForHydration } from './fixtures';
import { fillContactForm } from './support/contact-form';
import { E2E_SMTP_PORT, waitForMail } from './support/mailbox';
import { type ServerProcess, startServerProcess } from '../test-support/process';

/**
 * The form without JavaScript, and before its scripts have run: it posts natively, the server
 * answers 303 to a page of the site, and no typed value ever travels in a URL or a log line.
 * These tests run their own server, to read every line it logs.
 */
const labels = contactPageText.form.labels;

type Visitor = Record<Exclude<LeadField, 'clientType'>, string>;
type TypedField = Exclude<keyof Visitor, 'produit'>;

function letters(count: number): string {
  return Array.from({ length: count }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join('');
}

/** A visitor whose every typed value is unique to this run, so any leak is recognisable. */
function visitor(overrides: Partial<Visitor> = {}): Visitor {
  const tag = letters(8);
  return {
    nom: `Nomtrace${tag}`,
    prenom: `Prénomtrace${tag}`,
    adresse: `${tag} rue de la Paix, 75002 Paris`,
    telephone: '06 98 76 54 32',
    email: `trace.${tag}@entreprise.example`,
    produit: 'Éclairage LED',
    message: `Projet ${tag} : isolation et éclairage`,
    ...overrides,
  };
}

const TYPED_FIELDS: TypedField[] = ['nom', 'prenom', 'adresse', 'telephone', 'email', 'message'];

const fillForm = fillContactForm;

const submitButton = (page: Page) =>
  page.getByRole('button', { name: /Envoyer ma demande|Envoi en cours/ });

/** What the staff CLI lists: the store as it is on disk. */
function storedLeads(dataDir: string): Array<{
  email: string;
  consent: { text: string; version: string };
}> {
  const result = spawnSync('npm', ['run', '--silent', 'leads', '--', 'list', '--json'], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as ReturnType<typeof storedLeads>;
}

const test = base.extend<object, { own: ServerProcess }>({
  own: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures it needs from this pattern.
    async ({}, use) => {
      const server = await startServerProcess(
        {
          SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
          RATE_LIMIT_PER_HOUR: '1000',
          SITE_RATE_LIMIT_PER_MINUTE: '100000',
          NOTIFICATIONS_PER_10_MINUTES: '100000',
        },
        { from: 'build' },
      );
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

/** The thank-you page of `origin`, with the call-back time in its fragment (`#rappel=…`). */
function thanksUrl(origin: string): RegExp {
  const page = `${origin}${CONTACT_THANKS_PATH}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`^${page}#rappel=\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$`);
}

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

test('submitted before hydration (scripts held back), the form works as without JavaScript', async ({
  page,
  own,
}) => {
  const release = await holdScripts(page);
  try {
    const values = visitor();
    await page.goto(`${own.url}/contact`, { waitUntil: 'commit' });
    await expect(submitButton(page)).toBeVisible();
    await fillForm(page, values);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await submitButton(page).click();
    await page.waitForURL(thanksUrl(own.url), { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(contactThanksText.title);
    await expect(page.getByRole('main')).toContainText(contactThanksText.callbackRule);
    // Once the scripts run, the page reads the time from the address's fragment.
    await release();
    await waitForHydration(page);
    await expect(page.getByRole('main')).toContainText(
      /Nous vous rappellerons au plus tard (lundi|mardi|mercredi|jeudi|vendredi) \d+(er)?\s\S+ à \d+\sh/,
    );
    await waitForMail(
      (mail) =>
        mail.headers['reply-to'] === values.email &&
        (mail.headers['message-id']?.includes('.notification@') ?? false),
    );
  } finally {
    await release();
  }
});

test('no submission path puts a typed value in a URL or in a server log line', async ({
  browser,
  own,
}) => {
  test.setTimeout(120_000);
  const typed: string[] = [];
  const urls: string[] = [];
  const record = (context: BrowserContext) => {
    context.on('request', (request) => urls.push(request.url()));
  };
  const newVisitor = (overrides: Partial<Visitor> = {}) => {
    const values = visitor(overrides);
    for (const field of TYPED_FIELDS) typed.push(values[field]);
    return values;
  };

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const withScript = await browser.newContext();
  record(noScript);
  record(withScript);
  const thanks = thanksUrl(own.url);

  type Submit = (page: Page) => Promise<void>;
  const click: Submit = (page) => submitButton(page).click();
  const enter: Submit = (page) => page.getByLabel(labels.email, { exact: true }).press('Enter');
  const doubleClick: Submit = (page) => submitButton(page).dblclick();

  // Without JavaScript: success (click, Enter, double click) and a refusal.
  for (const [submit, overrides, landing] of [
    [click, {}, thanks],
    [enter, {}, thanks],
    [doubleClick, {}, thanks],
    [click, { telephone: '123456' }, `${own.url}${CONTACT_ERROR_PATHS.invalid}`],
  ] as Array<[Submit, Partial<Visitor>, string | RegExp]>) {
    const page = await noScript.newPage();
    await page.goto(`${own.url}/contact`);
    await fillForm(page, newVisitor(overrides));
    await submit(page);
    await page.waitForURL(landing);
    await page.close();
  }

  // Before hydration.
  {
    const page = await withScript.newPage();
    const release = await holdScripts(page);
    await page.goto(`${own.url}/contact`, { waitUntil: 'commit' });
    await fillForm(page, newVisitor());
    await click(page);
    await page.waitForURL(thanks, { waitUntil: 'commit' });
    await release();
    await page.close();
  }

  // With JavaScript: success (click, Enter, double click), a client-side and a server refusal.
  const status = (page: Page) => page.getByRole('status');
  const alert = (page: Page) => page.getByRole('alert');
  for (const [submit, overrides, outcome, text] of [
    [click, {}, status, 'Demande envoyée'],
    [enter, {}, status, 'Demande envoyée'],
    [doubleClick, {}, status, 'Demande envoyée'],
    [click, { email: 'pas-une-adresse' }, alert, ''],
    // Within every field limit, over the 16 KiB body limit once encoded: refused by the server.
    [
      click,
      {
        nom: 'ẞ'.repeat(100),
        prenom: 'ẞ'.repeat(100),
        adresse: '€'.repeat(300),
        message: '€'.repeat(5_000),
      },
      alert,
      'volumineuse',
    ],
  ] as Array<[Submit, Partial<Visitor>, (page: Page) => ReturnType<Page['getByRole']>, string]>) {
    const page = await withScript.newPage();
    await page.goto(`${own.url}/contact`);
    await waitForHydration(page);
    await fillForm(page, newVisitor(overrides));
    await submit(page);
    if (text) await expect(outcome(page)).toContainText(text);
    else await expect(page.getByLabel(labels.email, { exact: true })).toBeFocused();
    await page.close();
  }

  // A GET carrying values (a hand-made link) is refused.
  const get = await withScript.request.get(
    `${own.url}${CONTACT_ENDPOINT_PATH}?${new URLSearchParams({ nom: newVisitor().nom })}`,
  );
  expect(get.status()).toBe(405);
  await noScript.close();
  await withScript.close();

  // Every path ran and was logged: stored leads, refusals.
  const log = own.output();
  expect(log).toContain('"event":"lead_stored"');
  expect(log).toContain('"event":"lead_rejected"');
  // (A request never carries the fragment: the thank-you page is asked for without it.)
  expect(
    urls.filter((url) => url === `${own.url}${CONTACT_THANKS_PATH}`).length,
  ).toBeGreaterThanOrEqual(4);

  const forms = (value: string) => [
    value,
    encodeURIComponent(value),
    new URLSearchParams({ v: value }).toString().slice(2),
  ];
  // One assertion over every pair (an expect per pair would take minutes).
  const leaks: string[] = [];
  for (const value of typed) {
    for (const form of forms(value)) {
      for (const url of urls) if (url.includes(form)) leaks.push(`URL ${url} holds ${value}`);
      if (log.includes(form)) leaks.push(`the server log holds ${value}`);
    }
  }
  expect(typed.length).toBeGreaterThanOrEqual(60);
  expect(leaks).toEqual([]);
});
