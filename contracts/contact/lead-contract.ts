/**
 * The lead contract: the one definition of the endpoint's path, of what a request carries and of
 * what the endpoint answers. The form, the server, the store, the CSV export and the e-mails all
 * derive their field lists and types from here and from `schema.ts`.
 */
import { CLIENT_TYPE, type FieldErrors } from './fields.ts';
import type { ContactForm, ContactPayload, ContactRequest, PayloadKey } from './schema.ts';
import { CHOICE_VERSION, CHOICE_VERSION_FIELD, REPEATED_FIELDS } from './contact-choice.ts';
import type { CallbackFacts } from './callback-time.ts';

// The paths are apart so the result pages can import them without the schema (and Zod).
export * from './paths.ts';

/** 200: the request is stored (or, for a robot, silently dropped). */
export interface ContactAccepted extends CallbackFacts {
  ok: true;
  id: string;
  /**
   * The latest call-back time, in the company's time zone (`YYYY-MM-DDTHH:MM`, `24:00` for the
   * end of a day; contact/callback-time.ts); absent where the server has no call-back clock.
   * With slots chosen, the end of the first chosen slot, `callbackFrom` being its start.
   */
  callbackBy?: string;
  /**
   * No confirmation e-mail for this request: one went to the address within 24 hours, and its
   * link opens this request too (contracts/contact/earlier-link.ts, ADR 0031).
   */
  earlierLink?: true;
}

/** Every refusal: a French message safe to show as is; `fields` on a validation failure. */
export interface ContactRefused {
  error: string;
  fields?: FieldErrors;
}

/**
 * What is stored of a request and shown to staff, in the order they read it (e-mail rows, CSV
 * columns). The consent is stored apart; the honeypot never is.
 */
export const LEAD_FIELDS = [
  'nom',
  'prenom',
  'email',
  'telephone',
  'adresse',
  'produit',
  'message',
  'clientType',
] as const satisfies ReadonlyArray<keyof ContactRequest>;

export type LeadField = (typeof LEAD_FIELDS)[number];
export type LeadFields = Pick<ContactRequest, LeadField>;

/** Where the request came from: optional, sent by the form's script only, stored apart. */
type OriginField = 'pageOrigine' | 'utmSource' | 'utmMedium' | 'utmCampaign';
export type RequestOrigin = Partial<Pick<ContactRequest, OriginField>>;

// Every request field is either stored or deliberately left out: adding a field to the schema
// without deciding fails to compile here.
// The choice of contact (recontact, jours, creneaux, recontactVersion) is stored apart too.
type ChoiceField = 'recontact' | 'jours' | 'creneaux' | 'recontactVersion';
type Unplaced = Exclude<
  keyof ContactRequest,
  LeadField | OriginField | ChoiceField | 'rgpdConsent' | 'website'
>;
const everyFieldPlaced: [Unplaced] extends [never] ? true : never = true;
void everyFieldPlaced;

export function pickLeadFields(request: LeadFields): LeadFields {
  return Object.fromEntries(LEAD_FIELDS.map((field) => [field, request[field]])) as LeadFields;
}

/**
 * The JSON body the script sends: the validated form, the version of the choice's wording the
 * form showed, the client type, the honeypot, the origin.
 */
export function contactPayload(
  form: ContactForm,
  honeypot: string,
  origin: RequestOrigin = {},
): ContactPayload {
  return {
    ...form,
    [CHOICE_VERSION_FIELD]: CHOICE_VERSION,
    clientType: CLIENT_TYPE,
    website: honeypot,
    ...origin,
  };
}

/** The value of the consent checkbox in the native form (`rgpdConsent=true`). */
export const CONSENT_FORM_VALUE = 'true';

/** The honeypot's key: a field people never see, that robots fill. */
export const HONEYPOT_FIELD = 'website' satisfies PayloadKey;

/**
 * The request a browser posts natively (`application/x-www-form-urlencoded`), as the object the
 * schema reads: the same keys as the JSON body, the consent checkbox turned into a boolean.
 * The days' and slots' boxes repeat their key, one per box ticked: those keys read as lists.
 * Any other repeated key makes the request unreadable (`undefined`): our form sends none.
 */
export function payloadFromForm(form: URLSearchParams): Record<string, unknown> | undefined {
  const payload: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const key of REPEATED_FIELDS) {
    if (form.has(key)) payload[key] = form.getAll(key);
  }
  for (const [key, value] of form) {
    if ((REPEATED_FIELDS as readonly string[]).includes(key)) continue;
    if (Object.hasOwn(payload, key)) return undefined;
    payload[key] = value;
  }
  payload.rgpdConsent = payload.rgpdConsent === CONSENT_FORM_VALUE;
  return payload;
}
