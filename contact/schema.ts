/**
 * The contact request: one schema, used by the form (client-side validation) and by the endpoint.
 * Every message is French and safe to show to the visitor as is.
 */
import { z } from 'zod';

import { LIMITS } from './limits';
import { PRODUCT_OPTIONS } from './products';

// Zod compiles object parsers with `new Function` unless told not to; the site's
// Content-Security-Policy forbids eval, so its probe alone would be reported as a violation.
z.config({ jitless: true });

export { LIMITS } from './limits';

const NAME_PATTERN = /^[\p{L}\p{M}](?:[\p{L}\p{M}'’ .-]*[\p{L}\p{M}.])?$/u;
const FRENCH_PHONE = /^0[1-9]\d{8}$/;
const INTERNATIONAL_PHONE = /^\+[1-9]\d{6,14}$/;
const FORBIDDEN_IN_EMAIL = /[,;<>\s"]/;

/** `+33 (0)6 12-34.56.78` → `+33612345678`; `0033…` → `+33…`. */
export function normalizePhone(raw: string): string {
  const compact = raw.replace(/\(0\)/g, '').replace(/[\s.\-()]/g, '');
  return compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
}

export function isPlausiblePhone(raw: string): boolean {
  const phone = normalizePhone(raw);
  if (phone.startsWith('+33')) return /^\+33[1-9]\d{8}$/.test(phone);
  return FRENCH_PHONE.test(phone) || INTERNATIONAL_PHONE.test(phone);
}

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .trim()
    .min(1, { error: `${label} est obligatoire.` })
    .max(max, { error: `${label} ne doit pas dépasser ${max} caractères.` });

const personName = (label: string, max: number) =>
  requiredText(label, max).regex(NAME_PATTERN, {
    error: `${label} ne peut contenir que des lettres, des espaces, des apostrophes et des tirets.`,
  });

export const ContactFormSchema = z.object({
  nom: personName('Le nom', LIMITS.nom),
  prenom: personName('Le prénom', LIMITS.prenom),
  adresse: requiredText('L’adresse', LIMITS.adresse),
  telephone: requiredText('Le numéro de téléphone', LIMITS.telephone).refine(isPlausiblePhone, {
    error:
      'Saisissez un numéro de téléphone valide (par exemple 06 12 34 56 78 ou +33 6 12 34 56 78).',
  }),
  email: z
    .string({ error: 'L’adresse e-mail est obligatoire.' })
    // Checked before trimming: a line break anywhere is a header-injection attempt.
    .refine((value) => !/[\r\n]/.test(value), {
      error: 'Saisissez une seule adresse e-mail, sans espace ni séparateur.',
    })
    .trim()
    .min(1, { error: 'L’adresse e-mail est obligatoire.' })
    .max(LIMITS.email, {
      error: `L’adresse e-mail ne doit pas dépasser ${LIMITS.email} caractères.`,
    })
    .refine((value) => !FORBIDDEN_IN_EMAIL.test(value), {
      error: 'Saisissez une seule adresse e-mail, sans espace ni séparateur.',
    })
    .pipe(z.email({ error: 'Saisissez une adresse e-mail valide (par exemple nom@domaine.fr).' })),
  produit: z
    .union([z.literal(''), z.enum(PRODUCT_OPTIONS)], {
      error: 'Choisissez un produit dans la liste.',
    })
    .default(''),
  message: z
    .string({ error: 'Le message doit être un texte.' })
    .trim()
    .max(LIMITS.message, {
      error: `Le message ne doit pas dépasser ${LIMITS.message} caractères.`,
    })
    .default(''),
  rgpdConsent: z.literal(true, {
    error: 'Vous devez accepter d’être recontacté pour envoyer votre demande.',
  }),
});

/** What the endpoint accepts: the form, the fixed client type and the honeypot field. */
export const ContactRequestSchema = ContactFormSchema.extend({
  clientType: z.literal('professionnel', { error: 'Type de client invalide.' }),
  website: z
    .string({ error: 'Requête invalide.' })
    .max(LIMITS.website, { error: 'Requête invalide.' })
    .default(''),
});

export type ContactFormValues = z.input<typeof ContactFormSchema>;
export type ContactForm = z.output<typeof ContactFormSchema>;
export type ContactRequest = z.output<typeof ContactRequestSchema>;
/** The body the endpoint reads: JSON keys, and the `name`s of the native form's controls. */
export type ContactPayload = z.input<typeof ContactRequestSchema>;
export type PayloadKey = keyof ContactPayload;

export type ContactField = keyof ContactForm;
/** One French message per field in error: the `fields` of a 400 answer, and the form's errors. */
export type FieldErrors = Partial<Record<ContactField, string>>;

/** The form's fields in their visual order (the schema's order). */
export const CONTACT_FIELDS = ContactFormSchema.keyof().options;

/** The fixed client type the form sends (a hidden field of the native form). */
export const CLIENT_TYPE = ContactRequestSchema.shape.clientType.value;

/** The fields a person must fill in: those the schema refuses to see missing. */
export function isRequiredField(field: ContactField): boolean {
  return !ContactFormSchema.shape[field].safeParse(undefined).success;
}

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

/** The first message per field, for showing next to each input. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in ContactFormSchema.shape) {
      const key = field as ContactField;
      out[key] ??= issue.message;
    }
  }
  return out;
}
