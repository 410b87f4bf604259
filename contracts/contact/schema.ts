/**
 * The contact request: one schema, used by the form (client-side validation) and by the endpoint.
 * Every message is French and safe to show to the visitor as is.
 *
 * Written with `zod/mini`, the tree-shakable build of the same library: the contact page ships
 * only the validators it uses (ADR 0011). The server runs this very schema, every rule included.
 */
import * as z from 'zod/mini';

import { CLIENT_TYPE, type ContactField, type FieldErrors, LIMITS } from './fields.ts';
import { PRODUCT_OPTIONS } from './products.ts';
import { CONTACT_CHANNELS, DAY_NAMES, parseSlot } from './contact-choice.ts';
import { normaliseDays, normaliseSlotTexts, parseDayName } from './choice-input.ts';

// Zod compiles object parsers with `new Function` unless told not to; the site's
// Content-Security-Policy forbids eval, so its probe alone would be reported as a violation.
z.config({ jitless: true });

export * from './fields.ts';

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
    .check(
      z.trim(),
      z.minLength(1, { error: `${label} est obligatoire.` }),
      z.maxLength(max, { error: `${label} ne doit pas dépasser ${max} caractères.` }),
    );

const personName = (label: string, max: number) =>
  requiredText(label, max).check(
    z.regex(NAME_PATTERN, {
      error: `${label} ne peut contenir que des lettres, des espaces, des apostrophes et des tirets.`,
    }),
  );

const SINGLE_EMAIL_MESSAGE = 'Saisissez une seule adresse e-mail, sans espace ni séparateur.';

const CHOICE_MISSING = 'Choisissez comment vous souhaitez être recontacté(e).';
const SLOT_MESSAGE = 'Choisissez des créneaux dans la liste.';
const DAY_MESSAGE = 'Choisissez des jours dans la liste.';
/** More slots than any CALL_WINDOWS setting offers is no form's doing. */
const MAX_SLOTS = 12;

/** One validator per field of CONTACT_FIELDS, no more, no fewer (checked when compiling). */
const formShape = {
  nom: personName('Le nom', LIMITS.nom),
  prenom: personName('Le prénom', LIMITS.prenom),
  adresse: requiredText('L’adresse', LIMITS.adresse),
  telephone: requiredText('Le numéro de téléphone', LIMITS.telephone).check(
    z.refine(isPlausiblePhone, {
      error:
        'Saisissez un numéro de téléphone valide (par exemple 06 12 34 56 78 ou +33 6 12 34 56 78).',
    }),
  ),
  email: z.pipe(
    z.string({ error: 'L’adresse e-mail est obligatoire.' }).check(
      // Checked before trimming: a line break anywhere is a header-injection attempt.
      z.refine((value) => !/[\r\n]/.test(value), { error: SINGLE_EMAIL_MESSAGE }),
      z.trim(),
      z.minLength(1, { error: 'L’adresse e-mail est obligatoire.' }),
      z.maxLength(LIMITS.email, {
        error: `L’adresse e-mail ne doit pas dépasser ${LIMITS.email} caractères.`,
      }),
      z.refine((value) => !FORBIDDEN_IN_EMAIL.test(value), { error: SINGLE_EMAIL_MESSAGE }),
    ),
    z.email({ error: 'Saisissez une adresse e-mail valide (par exemple nom@domaine.fr).' }),
  ),
  produit: z._default(
    z.union([z.literal(''), z.enum(PRODUCT_OPTIONS)], {
      error: 'Choisissez un produit dans la liste.',
    }),
    '',
  ),
  message: z._default(
    z.string({ error: 'Le message doit être un texte.' }).check(
      z.trim(),
      z.maxLength(LIMITS.message, {
        error: `Le message ne doit pas dépasser ${LIMITS.message} caractères.`,
      }),
    ),
    '',
  ),
  rgpdConsent: z.literal(true, {
    error: 'Vous devez accepter le traitement de vos informations pour envoyer votre demande.',
  }),
  recontact: z.enum(CONTACT_CHANNELS, { error: CHOICE_MISSING }),
  // Days and slots are normalised before they are checked (choice-input.ts, ADR 0030): trimmed,
  // parsed, each kept once on its parsed value, in order; overlapping slots are refused.
  jours: z._default(
    z
      .array(
        z.string({ error: DAY_MESSAGE }).check(
          z.maxLength(20, { error: DAY_MESSAGE }),
          z.refine((value) => parseDayName(value) !== undefined, { error: DAY_MESSAGE }),
        ),
      )
      .check(
        z.overwrite((days) => normaliseDays(days) ?? days),
        z.maxLength(DAY_NAMES.length, { error: DAY_MESSAGE }),
      ),
    [],
  ),
  creneaux: z._default(
    z
      .array(
        z.string({ error: SLOT_MESSAGE }).check(
          z.maxLength(20, { error: SLOT_MESSAGE }),
          z.refine((value) => parseSlot(value) !== undefined, { error: SLOT_MESSAGE }),
        ),
      )
      .check(
        z.refine((slots) => normaliseSlotTexts(slots) !== undefined, { error: SLOT_MESSAGE }),
        z.overwrite((slots) => normaliseSlotTexts(slots) ?? slots),
        z.maxLength(MAX_SLOTS, { error: SLOT_MESSAGE }),
      ),
    [],
  ),
} satisfies Record<ContactField, z.core.$ZodType>;

export const ContactFormSchema = z.object(formShape);

/** A path of our site: `/`, `/contact`, `/professionnels/hp-flottante`… (no query, no host). */
const SITE_PATH = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*\/?)?$/;
/** A campaign tag: letters, digits and a few separators. */
const CAMPAIGN_TAG = /^[\p{L}\p{N} ._+:-]+$/u;

/**
 * Optional facts about where a request came from, sent by the form's script only. Never a reason
 * to refuse a request: a value that is not well-formed or too long is dropped.
 */
const optionalOrigin = (pattern: RegExp, max: number) =>
  z.catch(z.optional(z.string().check(z.trim(), z.maxLength(max), z.regex(pattern))), undefined);

/**
 * What the endpoint accepts: the form, the fixed client type and the honeypot field. The choice
 * of contact is required of a client that showed it (it sends `recontactVersion`, a hidden field
 * of the form); a client that sends the seed's payload without either is accepted as before
 * (stored as `non_precise`, with the wording that client showed).
 */
const RequestShape = z.extend(ContactFormSchema, {
  recontact: z.optional(z.enum(CONTACT_CHANNELS, { error: CHOICE_MISSING })),
  /** The version of the choice's wording the form showed (contact-choice.ts, CHOICE_VERSION). */
  recontactVersion: z.optional(
    z.string({ error: 'Requête invalide.' }).check(z.maxLength(20, { error: 'Requête invalide.' })),
  ),
  clientType: z.literal(CLIENT_TYPE, { error: 'Type de client invalide.' }),
  website: z._default(
    z
      .string({ error: 'Requête invalide.' })
      .check(z.maxLength(LIMITS.website, { error: 'Requête invalide.' })),
    '',
  ),
  /** The page of our site from which the visitor opened the form (the app's own navigation). */
  pageOrigine: optionalOrigin(SITE_PATH, LIMITS.sourcePage),
  /** The landing URL's campaign tags, stored only when RECORD_CAMPAIGNS is on. */
  utmSource: optionalOrigin(CAMPAIGN_TAG, LIMITS.campaignTag),
  utmMedium: optionalOrigin(CAMPAIGN_TAG, LIMITS.campaignTag),
  utmCampaign: optionalOrigin(CAMPAIGN_TAG, LIMITS.campaignTag),
});

export const ContactRequestSchema = RequestShape.check(
  z.refine((request) => request.recontact !== undefined || request.recontactVersion === undefined, {
    error: CHOICE_MISSING,
    path: ['recontact'],
  }),
);

export type ContactForm = z.output<typeof ContactFormSchema>;
export type ContactRequest = z.output<typeof ContactRequestSchema>;
/** The body the endpoint reads: JSON keys, and the `name`s of the native form's controls. */
export type ContactPayload = z.input<typeof ContactRequestSchema>;
export type PayloadKey = keyof ContactPayload;

/** The first message per field, for showing next to each input. */
export function fieldErrors(error: z.core.$ZodError): FieldErrors {
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
