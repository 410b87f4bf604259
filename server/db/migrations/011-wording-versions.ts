import type { Migration } from './migration.ts';

/**
 * The version the consent's and the choice's wordings carried from the day they took effect
 * (26 November 2026) until this migration: a date five days later, after many consents it
 * recorded (« Version 2026-12-01 » on a consent « donné le 28/11/2026 »).
 */
const MISDATED = '2026-12-01';
/** The day those wordings took effect (contracts/contact/consent.ts, contact-choice.ts). */
const IN_EFFECT = '2026-11-26';

/**
 * The stored rewrite, the same on both engines: the requests' consent and choice versions, and
 * the choice as stored with each `lead.created` event (its body's `contact.version`; the
 * consent's is read from the request), so that an event not yet delivered says what the
 * request says. Every row with the misdated version holds the wording that took effect on
 * 26 November: all of them get that date, whenever the consent was given.
 */
const REWRITE = `
  UPDATE leads SET consent_version = '${IN_EFFECT}' WHERE consent_version = '${MISDATED}';
  UPDATE leads SET contact_version = '${IN_EFFECT}' WHERE contact_version = '${MISDATED}';
  UPDATE webhook_events
    SET payload = replace(payload, '"version":"${MISDATED}"', '"version":"${IN_EFFECT}"')
    WHERE type = 'lead.created' AND payload LIKE '%"version":"${MISDATED}"%';
`;

/**
 * Migration 11 (ADR 0037): a wording's version is the date it took effect, never a date after
 * the consent it records; the versions already stored are rewritten to it.
 */
export const MIGRATION_011: Migration = {
  version: 11,
  name: 'the consent’s and the choice’s wording versions: the date they took effect',
  sqlite: REWRITE,
  postgres: REWRITE,
};
