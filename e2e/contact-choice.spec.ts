import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { contactThanksText } from '#app/content/contact-outcome.ts';
import {
  CHOICE_QUESTION,
  CHOICE_VERSION,
  WHEN_QUESTION,
} from '#contracts/contact/contact-choice.ts';
import { expect, gotoHydrated, VIEWPORTS } from './fixtures.ts';
import { fillForm, storedLeads, submitButton, test, visitor } from './support/contact-native.ts';

/**
 * How and when to be contacted, on the form (ADR 0029). With JavaScript and without: the
 * choice is required, « Quand vous appeler ? » shows for the phone only (by CSS, no script
 * needed), the native post sends the days and slots ticked, and the request is stored with the
 * choice.
 */

const when = (page: Page) => page.getByRole('group', { name: WHEN_QUESTION });
const channel = (page: Page, name: string) => page.getByRole('radio', { name, exact: true });

interface StoredChoice {
  email: string;
  contact: {
    choice: { channel: string; days: number[]; slots: { start: number; end: number }[] };
    version: string;
  };
}

test.describe('with JavaScript', () => {
  test('the days and slots show for the phone only, and the answer says the chosen slot', async ({
    page,
  }) => {
    await gotoHydrated(page, '/contact');
    const choice = page.getByRole('group', { name: CHOICE_QUESTION });
    await expect(choice).toBeVisible();
    await expect(channel(page, 'Par téléphone')).not.toBeChecked();
    await expect(channel(page, 'Par e-mail uniquement')).not.toBeChecked();
    await expect(when(page)).toBeHidden();
    await channel(page, 'Par téléphone').check();
    await expect(when(page)).toBeVisible();
    await channel(page, 'Par e-mail uniquement').check();
    await expect(when(page)).toBeHidden();

    await fillForm(page, visitor(), { days: ['mardi'], slots: ['14:00-17:00'] });
    await submitButton(page).click();
    await expect(page.getByRole('status')).toContainText(
      /Nous vous appellerons \S+ \S+\s\S+ entre 14\sh et 17\sh\./,
    );
  });

  test('without a channel, says so beside the choice and focuses it', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    await fillForm(page, visitor(), { recontact: null });
    await submitButton(page).click();
    await expect(channel(page, 'Par téléphone')).toBeFocused();
    await expect(page.getByRole('group', { name: CHOICE_QUESTION })).toHaveAccessibleDescription(
      'Choisissez comment vous souhaitez être recontacté(e).',
    );
    await expect(page.getByRole('alert').getByRole('link')).toHaveText(['Mode de recontact']);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the native post sends the phone with a day and a slot, stored with the choice', async ({
    page,
    own,
  }) => {
    const values = visitor();
    await page.goto(`${own.url}/contact`);
    await expect(when(page)).toBeHidden();
    await fillForm(page, values, { days: ['jeudi'], slots: ['10:00-13:00'] });
    await expect(when(page)).toBeVisible();
    await submitButton(page).click();
    await page.waitForURL(/\/contact\/merci#rappel=[\dT:-]+&creneau=[\dT:-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(contactThanksText.title);
    const lead = (storedLeads(own.dataDir) as unknown as StoredChoice[]).find(
      (entry) => entry.email === values.email,
    );
    expect(lead?.contact.choice).toEqual({
      channel: 'telephone',
      days: [4],
      slots: [{ start: 600, end: 780 }],
    });
    expect(lead?.contact.version).toBe(CHOICE_VERSION);
  });

  test('the native post sends the e-mail only, without the days ticked before', async ({
    page,
    own,
  }) => {
    const values = visitor();
    await page.goto(`${own.url}/contact`);
    await fillForm(page, values, { days: ['lundi'] });
    await channel(page, 'Par e-mail uniquement').check();
    await expect(when(page)).toBeHidden();
    await submitButton(page).click();
    await page.waitForURL(/\/contact\/merci#rappel=[\dT:-]+&canal=email$/);
    const lead = (storedLeads(own.dataDir) as unknown as StoredChoice[]).find(
      (entry) => entry.email === values.email,
    );
    expect(lead?.contact.choice).toEqual({ channel: 'email', days: [], slots: [] });
  });
});

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

for (const [name, viewport] of [
  ['phone', VIEWPORTS.phone],
  ['desktop', VIEWPORTS.desktop],
] as const) {
  test(`axe: the choice closed, open, and in error (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // The notice fades in: axe reads colours once it is there, not halfway.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoHydrated(page, '/contact');
    const violations = async () =>
      (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations.map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    expect(await violations()).toEqual([]);
    await channel(page, 'Par téléphone').check();
    await page.getByRole('checkbox', { name: 'mardi', exact: true }).check();
    expect(await violations()).toEqual([]);
    await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(page.getByRole('alert')).toContainText('Consentement requis');
    expect(await violations()).toEqual([]);
  });
}
