import type { Page, Request } from '@playwright/test';

import { contactPageText } from '#app/content/contact.ts';
import { CONSENT_TEXT } from '#contracts/contact/consent.ts';
import {
  CHANNEL_LABELS,
  type ContactChannel,
  type DayName,
  parseSlot,
  slotText,
} from '#contracts/contact/contact-choice.ts';
import { CONTACT_ENDPOINT_PATH, type LeadField } from '#contracts/contact/lead-contract.ts';

const labels = contactPageText.form.labels;

/** What a visitor types or picks: every lead field but the fixed client type. */
export type ContactFormValues = Record<Exclude<LeadField, 'clientType'>, string>;

/** The required fields' default values; `produit` and `message` stay empty unless given. */
const REQUIRED: Pick<ContactFormValues, 'nom' | 'prenom' | 'adresse' | 'telephone' | 'email'> = {
  nom: 'Martin',
  prenom: 'Léa',
  adresse: '3 rue de la Paix, 75002 Paris',
  telephone: '06 12 34 56 78',
  email: 'lea.martin@entreprise.example',
};

/** How the visitor wants to be contacted: the channel (`null`: left unanswered), days, slots. */
export interface ContactChoiceInput {
  recontact?: ContactChannel | null;
  /** Days to tick under « Quand vous appeler ? » (the phone only). */
  days?: DayName[];
  /** Slots to tick, as encoded (`14:00-17:00`); their labels read « de 14 h à 17 h ». */
  slots?: string[];
}

/**
 * Fills the contact form as a visitor would, label by label: the required fields (defaults
 * above, replaced by `values`), the product and the message when given, then ticks the consent
 * box unless `consent` is false, then chooses how to be contacted: « Par téléphone » without
 * days or slots unless told otherwise. Does not send it.
 */
export async function fillContactForm(
  page: Page,
  values: Partial<ContactFormValues> = {},
  {
    consent = true,
    recontact = 'telephone',
    days = [],
    slots = [],
  }: { consent?: boolean } & ContactChoiceInput = {},
): Promise<void> {
  const filled = { ...REQUIRED, ...values };
  for (const field of ['nom', 'prenom', 'adresse', 'telephone', 'email'] as const) {
    await page.getByLabel(labels[field], { exact: true }).fill(filled[field]);
  }
  if (filled.produit !== undefined) {
    await page.getByLabel(labels.produit, { exact: true }).selectOption(filled.produit);
  }
  if (filled.message !== undefined) {
    await page.getByLabel(labels.message, { exact: true }).fill(filled.message);
  }
  if (consent) await page.getByRole('checkbox', { name: CONSENT_TEXT }).check();
  if (recontact) {
    await page.getByRole('radio', { name: CHANNEL_LABELS[recontact], exact: true }).check();
  }
  for (const day of days) await page.getByRole('checkbox', { name: day, exact: true }).check();
  for (const slot of slots) {
    const range = parseSlot(slot);
    if (!range) throw new Error(`not a slot: ${slot}`);
    await page.getByRole('checkbox', { name: slotText(range), exact: true }).check();
  }
}

/** Every request the page makes to the contact endpoint. */
export function recordContactRequests(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes(CONTACT_ENDPOINT_PATH)) sent.push(request);
  });
  return sent;
}
