import { useSearchParams } from 'react-router';

import {
  CONTACT_FIELDS,
  isTextField,
  type TextField as TextFieldName,
} from '#contracts/contact/fields.ts';
import { isProductOption } from '#contracts/contact/products.ts';
import type { ContactChannel, DayName } from '#contracts/contact/contact-choice.ts';

/** What the contact form holds while the visitor fills it in. */
export type FormValues = Record<TextFieldName, string> & {
  /** `null` until the visitor picks one: the page's `?produit=` then decides. */
  produit: string | null;
  rgpdConsent: boolean;
  /** '' until the visitor picks a channel (no preselection). */
  recontact: ContactChannel | '';
  jours: DayName[];
  creneaux: string[];
  website: string;
};

export const EMPTY: FormValues = {
  ...(Object.fromEntries(CONTACT_FIELDS.filter(isTextField).map((field) => [field, ''])) as Record<
    TextFieldName,
    string
  >),
  produit: null,
  rgpdConsent: false,
  recontact: '',
  jours: [],
  creneaux: [],
  website: '',
};

/** The product named in `/contact?produit=…`, once hydrated (the prerendered page has no query). */
export function useRequestedProduct(hydrated: boolean): string {
  const [searchParams] = useSearchParams();
  if (!hydrated) return '';
  const requested = searchParams.get('produit') ?? '';
  return isProductOption(requested) ? requested : '';
}
