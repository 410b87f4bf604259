/**
 * The contact form's fields as the page renders them, without Zod: their order, which ones a person
 * must fill in, the text fields' bounds. The contact page needs these to render; the schema
 * (schema.ts, with Zod) only when the visitor submits, so the page loads it then (ADR 0011).
 * The schema is built over this list: its keys are checked against CONTACT_FIELDS when compiling,
 * and schema.test.ts checks the order and the required fields against what the schema does.
 */
import { LIMITS } from './limits.ts';

export { LIMITS } from './limits.ts';

/** The form's fields in their visual order (the schema's order). */
export const CONTACT_FIELDS = [
  'nom',
  'prenom',
  'adresse',
  'telephone',
  'email',
  'produit',
  'message',
  'rgpdConsent',
  // The choice of how and when to be contacted (contact-choice.ts), below the consent.
  'recontact',
  'jours',
  'creneaux',
] as const;

export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The fields a person may leave empty; the schema refuses every other one missing. */
const OPTIONAL_FIELDS: readonly ContactField[] = ['produit', 'message', 'jours', 'creneaux'];

export function isRequiredField(field: ContactField): boolean {
  return !OPTIONAL_FIELDS.includes(field);
}

/** One French message per field in error: the `fields` of a 400 answer, and the form's errors. */
export type FieldErrors = Partial<Record<ContactField, string>>;

/** The fixed client type the form sends (a hidden field of the native form). */
export const CLIENT_TYPE = 'professionnel';

/** The text fields, those bounded by LIMITS, with the bound the browser enforces as `maxlength`. */
export type TextField = Extract<ContactField, keyof typeof LIMITS>;

export function isTextField(field: ContactField): field is TextField {
  return field in LIMITS;
}

/**
 * The `pattern` of the phone input, for browsers without the script: digits and the separators
 * `normalizePhone` removes, with an optional leading `+`. Looser than the schema on purpose (the
 * server says precisely what is wrong), it never refuses a number the schema accepts. Valid with
 * the `v` flag that browsers compile `pattern` with.
 */
export const PHONE_INPUT_PATTERN = String.raw`\+?[0-9 .\-\(\)]{6,}`;
