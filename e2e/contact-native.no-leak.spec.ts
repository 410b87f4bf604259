import type { BrowserContext, Page } from '@playwright/test';

import {
  CONTACT_ENDPOINT_PATH,
  CONTACT_ERROR_PATHS,
  CONTACT_THANKS_PATH,
} from '#contracts/contact/lead-contract.ts';
import { expect, holdScripts, waitForHydration } from './fixtures.ts';
import {
  fillForm,
  labels,
  submitButton,
  test,
  thanksUrl,
  TYPED_FIELDS,
  visitor,
  type Visitor,
} from './support/contact-native.ts';

/**
 * No typed value ever travels in a URL or a log line, whatever the submission path. These tests
 * run their own server, to read every line it logs.
 */

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
    // Not `waitForURL`: a double click without script posts twice, and the browser aborts the
    // first navigation for the second (net::ERR_ABORTED, which fails `waitForURL` when that one is
    // the navigation it waits for). The landing page is what counts, whichever post brings it.
    await expect(page).toHaveURL(landing, { timeout: 15_000 });
    await page.waitForLoadState();
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
