import {
  CHOICE_VERSION,
  type ContactChoice,
  encodeSlot,
  parseSlot,
  type SlotRange,
} from '#contracts/contact/contact-choice.ts';
import {
  choiceWording,
  isoWeekdayOf,
  UNSPECIFIED_CHOICE,
} from '#contracts/contact/choice-records.ts';
import {
  CONSENT_TEXT,
  CONSENT_VERSION,
  SEED_CONSENT_TEXT,
  SEED_CONSENT_VERSION,
} from '#contracts/contact/consent.ts';
import type { FieldErrors } from '#contracts/contact/fields.ts';
import type { ContactRequest } from '#contracts/contact/schema.ts';
import type { Consent, NewContact } from './store.ts';

/**
 * What the server offers a visitor to choose (the calendar's settings, given by the
 * composition: the lead capability does not import the call-back clock) and the due time a
 * choice gives.
 */
export interface ContactOffer {
  /** WORKING_DAYS: the ISO weekdays a visitor may tick. */
  workingDays: ReadonlySet<number>;
  /** CALL_WINDOWS: the slots a visitor may tick. */
  callWindows: readonly SlotRange[];
  /** The due time of a request received at `receivedAt` with this choice. */
  dueAt(receivedAt: number, choice: ContactChoice): number;
}

export const DAY_NOT_OFFERED = 'Choisissez des jours parmi ceux proposés par le formulaire.';
export const SLOT_NOT_OFFERED =
  'Ce créneau n’est plus proposé. Choisissez parmi ceux du formulaire.';

/**
 * The consent and the choice of a validated request, received at `at`: the client showed the
 * choice (it sent `recontact`) or it sent the seed's payload, recorded with the wording that
 * client showed (« par téléphone ou par e-mail », `non_precise`). Days and slots must be among
 * those the server offers (a page built with other settings, or a forged request, is refused).
 */
export function requestContact(
  request: ContactRequest,
  at: number,
  offer: ContactOffer | undefined,
): { consent: Consent; contact: NewContact } | { fields: FieldErrors } {
  if (request.recontact === undefined) {
    return {
      consent: { text: SEED_CONSENT_TEXT, version: SEED_CONSENT_VERSION, givenAt: at },
      contact: withDue({ choice: UNSPECIFIED_CHOICE, text: '', version: '' }, at, offer),
    };
  }
  const consent = { text: CONSENT_TEXT, version: CONSENT_VERSION, givenAt: at };
  if (request.recontact === 'email') {
    const choice: ContactChoice = { channel: 'email', days: [], slots: [] };
    return { consent, contact: withDue(worded(choice), at, offer) };
  }
  const days = request.jours.map(isoWeekdayOf).sort((a, b) => a - b);
  const slots = request.creneaux
    .map(parseSlot)
    .filter((slot): slot is SlotRange => slot !== undefined)
    .sort((a, b) => a.start - b.start);
  if (offer) {
    if (days.some((day) => !offer.workingDays.has(day)))
      return { fields: { jours: DAY_NOT_OFFERED } };
    const offered = new Set(offer.callWindows.map(encodeSlot));
    if (slots.some((slot) => !offered.has(encodeSlot(slot)))) {
      return { fields: { creneaux: SLOT_NOT_OFFERED } };
    }
  }
  return { consent, contact: withDue(worded({ channel: 'telephone', days, slots }), at, offer) };
}

function worded(choice: ContactChoice): NewContact {
  return { choice, text: choiceWording(choice), version: CHOICE_VERSION };
}

function withDue(contact: NewContact, at: number, offer: ContactOffer | undefined): NewContact {
  return offer ? { ...contact, dueAt: offer.dueAt(at, contact.choice) } : contact;
}
