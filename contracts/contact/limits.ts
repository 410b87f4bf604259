/**
 * The longest value of each text field, in characters, keyed by the field's name: used by the
 * schema, the form (`maxlength`) and the page that explains the rules, without loading Zod.
 */
export const LIMITS = {
  nom: 100,
  prenom: 100,
  adresse: 300,
  telephone: 40,
  email: 254,
  message: 5_000,
  website: 500,
  sourcePage: 200,
  campaignTag: 100,
  /** Whole request body, in bytes (JSON or the browser's native form encoding). */
  bodyBytes: 16 * 1024,
} as const;
