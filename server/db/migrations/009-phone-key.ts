import type { Migration } from './migration.ts';

/** The characters a stored number may hold besides digits and `+` (what the form accepts). */
const SEPARATORS = ["' '", "'.'", "'-'", "'('", "')'", "'/'"];
/** Tab, no-break space and narrow no-break space, by code (SQLite `char`, PostgreSQL `chr`). */
const SPACE_CODES = [9, 160, 8239];

/**
 * The backfill, in phoneKey's order: `telephone` without `(0)` nor separators, then `00` → `+`,
 * `+33` → `0`, `+33 0…` → `0…`.
 */
function backfill(charFunction: 'char' | 'chr'): string {
  const compact = [...SEPARATORS, ...SPACE_CODES.map((code) => `${charFunction}(${code})`)].reduce(
    (expression, separator) => `replace(${expression}, ${separator}, '')`,
    `replace(telephone, '(0)', '')`,
  );
  return `
    UPDATE leads SET phone_key = ${compact};
    UPDATE leads SET phone_key = '+' || substr(phone_key, 3) WHERE phone_key LIKE '00%';
    UPDATE leads SET phone_key = '0' || substr(phone_key, 4) WHERE phone_key LIKE '+33%';
    UPDATE leads SET phone_key = substr(phone_key, 2) WHERE phone_key LIKE '00%';
    CREATE INDEX leads_phone_key ON leads (phone_key);
  `;
}

/**
 * Migration 9 (docs/staff.md, search): the phone number's search key (`contracts/contact/phone-key.ts`),
 * stored with each request so that a number is found whatever its format, by an index when the
 * term is a whole number; existing requests get theirs from the same rule spelt in SQL.
 */
export const MIGRATION_009: Migration = {
  version: 9,
  name: 'leads: phone_key, the number in national form for the staff search',
  sqlite: `
    ALTER TABLE leads ADD COLUMN phone_key TEXT NOT NULL DEFAULT '';
    ${backfill('char')}
  `,
  postgres: `
    ALTER TABLE leads ADD COLUMN phone_key TEXT NOT NULL DEFAULT '';
    ${backfill('chr')}
    ALTER TABLE leads ALTER COLUMN phone_key DROP DEFAULT;
  `,
};
