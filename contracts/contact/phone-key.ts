import { normalizePhone } from './schema.ts';

/**
 * The key a phone number is stored and searched by (`leads.phone_key`, migration 9): its digits,
 * a French number in national form (`+33 6 12 34 56 78`, `0033 6…`, `06.12.34.56.78` →
 * `0612345678`), any other international number as `+` and its digits (`+32470123456`). The
 * same function keys the stored number and the staff's search term, so a number matches whatever
 * the format either was typed in. Migration 9's backfill spells the same rule in SQL.
 */
export function phoneKey(raw: string): string {
  const compact = normalizePhone(raw.trim()).replace(/(?!^\+)\D/g, '');
  if (compact.startsWith('+33')) return `0${compact.slice(3).replace(/^0/, '')}`;
  return compact;
}

/** A term that is only a phone number, whole or in part: digits and `+ . - ( ) /` or spaces. */
export function isPhoneTerm(term: string): boolean {
  return /^[\d\s.\-+()/]+$/.test(term) && /\d.*\d/.test(term);
}
