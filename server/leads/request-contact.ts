import {
  type ChoiceOffer,
  normaliseChoiceInput,
  notOffered,
} from '#contracts/contact/choice-input.ts';
import { CHOICE_VERSION, type ContactChoice } from '#contracts/contact/contact-choice.ts';
import { choiceWording, UNSPECIFIED_CHOICE } from '#contracts/contact/choice-records.ts';
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
export interface ContactOffer extends ChoiceOffer {
  /** The due time of a request received at `receivedAt` with this choice. */
  dueAt(receivedAt: number, choice: ContactChoice): number;
}

const DAY_NOT_OFFERED = 'Choisissez des jours parmi ceux proposés par le formulaire.';
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
  const input = normaliseChoiceInput(request.jours, request.creneaux);
  // The schema normalised them already; a list it let through but the reader would refuse is
  // refused here too rather than stored.
  if ('field' in input) {
    return {
      fields: { [input.field]: input.field === 'jours' ? DAY_NOT_OFFERED : SLOT_NOT_OFFERED },
    };
  }
  const refused = offer ? notOffered(input, offer) : undefined;
  if (refused === 'jours') return { fields: { jours: DAY_NOT_OFFERED } };
  if (refused === 'creneaux') return { fields: { creneaux: SLOT_NOT_OFFERED } };
  const { days, slots } = input;
  return { consent, contact: withDue(worded({ channel: 'telephone', days, slots }), at, offer) };
}

function worded(choice: ContactChoice): NewContact {
  return { choice, text: choiceWording(choice), version: CHOICE_VERSION };
}

function withDue(contact: NewContact, at: number, offer: ContactOffer | undefined): NewContact {
  return offer ? { ...contact, dueAt: offer.dueAt(at, contact.choice) } : contact;
}
