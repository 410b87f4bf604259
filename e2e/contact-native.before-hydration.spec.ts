import { contactThanksText } from '#app/content/contact-outcome.ts';
import { expect, holdScripts, waitForHydration } from './fixtures.ts';
import { fillForm, submitButton, test, thanksUrl, visitor } from './support/contact-native.ts';
import { waitForMail } from './support/mailbox.ts';

/** The form submitted before its scripts have run: it posts natively, as without JavaScript. */

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
      /Nous vous rappellerons au plus tard (lundi|mardi|mercredi|jeudi|vendredi) \d+(er)?\s\S+( à \d+\sh|, fin de journée)/,
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
