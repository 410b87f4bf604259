/**
 * The contact request: one schema, used by the form (client-side validation) and by the endpoint.
 * Every message is French and safe to show to the visitor as is.
 */
import { z } from 'zod';

import { PRODUCT_OPTIONS } from './products';

// Zod compiles object parsers with `new Function` unless told not to; the site's
// Content-Security-Policy forbids eval, so its probe alone would be reported as a violation.
z.config({ jitless: true });

export const LIMITS = {
  name: 100,
  address: 300,
  phone: 40,
  email: 254,
  message: 5_000,
  honeypot: 500,
  /** Whole request body, in bytes. */
  bodyBytes: 16 * 1024,
} as const;

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

const personName = (label: string) =>
  requiredText(label, LIMITS.name).regex(NAME_PATTERN, {
    error: `${label} ne peut contenir que des lettres, des espaces, des apostrophes et des tirets.`,
  });

export const ContactFormSchema = z.object({
  nom: personName('Le nom'),
  prenom: personName('Le prénom'),
  adresse: requiredText('L’adresse', LIMITS.address),
  telephone: requiredText('Le numéro de téléphone', LIMITS.phone).refine(isPlausiblePhone, {
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
    .max(LIMITS.honeypot, { error: 'Requête invalide.' })
    .default(''),
});

export type ContactFormValues = z.input<typeof ContactFormSchema>;
export type ContactForm = z.output<typeof ContactFormSchema>;
export type ContactRequest = z.output<typeof ContactRequestSchema>;

export type ContactField = keyof ContactForm;

/** The first message per field, for showing next to each input. */
export function fieldErrors(error: z.ZodError): Partial<Record<ContactField, string>> {
  const out: Partial<Record<ContactField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in ContactFormSchema.shape) {
      const key = field as ContactField;
      out[key] ??= issue.message;
    }
  }
  return out;
}
