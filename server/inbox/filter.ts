import { sql, type ExpressionBuilder, type Kysely } from 'kysely';

import { isPhoneTerm, phoneKey } from '#contracts/contact/phone-key.ts';
import { isPlausiblePhone } from '#contracts/contact/schema.ts';
import {
  OWNER_ME,
  OWNER_NOBODY,
  type InboxFilter,
  type InboxView,
} from '#contracts/staff/contract.ts';
import { dueWithin, notYetCalled, type DueBound } from '#server/callback/index.ts';
import type { Tables } from '#server/db/schema.ts';
import { takableBy, type LeadViewer } from '#server/team/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `%term%` for LIKE with `\` as the escape character. */
function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The tables a filter reads: `leads` joined with `lead_tracking`. */
type FilterTables = Tables & { lead_tracking: Tables['lead_tracking'] };

function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

/** What the call-back clock adds to a search: the bound past which a request is overdue. */
export interface InboxClockFilter {
  overdue?: DueBound;
}

/** The views of requests still to call back, listed soonest due first. */
const TO_CALL: ReadonlySet<InboxView | undefined> = new Set([
  'mes-demandes',
  'a-rappeler',
  'en-retard',
  'a-attribuer',
]);

export function byDueTime(view: InboxView | undefined): boolean {
  return TO_CALL.has(view);
}

/** Past due by the clock's bound (stored due time, else the reception rule); none without one. */
export function overdue(clock: InboxClockFilter) {
  return clock.overdue ? dueWithin(clock.overdue) : sql<boolean>`1 = 0`;
}

/** The text columns a search term's words are looked for in. */
const TEXT_COLUMNS = ['nom', 'prenom', 'email', 'telephone', 'adresse'] as const;

/**
 * A search term's condition. A phone number (digits and separators only) is matched by its key
 * (contracts/contact/phone-key.ts): a whole number by equality (the `leads_phone_key` index), a
 * part of one inside the key, or as text (a postcode). Any other term: each of its words in some
 * column (names in any order, "Paul Martin" or "martin paul"), a word of digits also in the key.
 */
function termCondition(eb: ExpressionBuilder<FilterTables, 'leads'>, term: string) {
  const inText = (word: string) =>
    TEXT_COLUMNS.map(
      (column) =>
        sql<boolean>`lower(${eb.ref(`leads.${column}`)}) like ${likePattern(word)} escape '\\'`,
    );
  // A key of fewer than two digits (« +33 » alone is `0`) would match nearly every number.
  const inKey = (word: string) =>
    phoneKey(word).replace(/\D/g, '').length < 2
      ? []
      : [sql<boolean>`leads.phone_key like ${likePattern(phoneKey(word))} escape '\\'`];
  if (isPhoneTerm(term)) {
    if (isPlausiblePhone(term)) return eb('leads.phone_key', '=', phoneKey(term));
    return eb.or([...inKey(term), ...inText(term)]);
  }
  return eb.and(
    term
      .split(/\s+/)
      .filter((word) => word !== '')
      .map((word) => eb.or([...inText(word), ...(isPhoneTerm(word) ? inKey(word) : [])])),
  );
}

/** Without a viewer (the CLI, the store's tests): nobody is « moi ». */
const NOBODY: LeadViewer = { personId: '', covering: [], restricted: false };

/** The owner filter's condition: `moi`, `a-attribuer` or a person's id (ADR 0046). */
function ownerCondition(owner: string, viewer: LeadViewer) {
  if (owner === OWNER_NOBODY) return sql<boolean>`leads.owner_id IS NULL`;
  return sql<boolean>`leads.owner_id = ${owner === OWNER_ME ? viewer.personId : owner}`;
}

/**
 * The rows a filter selects: what the viewer may see (ADR 0046), the view's, narrowed by the
 * search term and the other fields. The staff pages run a new search term in « Toutes les
 * demandes » (inbox-filter-form.tsx), where a person ringing back is found whether or not they
 * were called; each row says where it stands.
 */
export function filtered(
  db: Kysely<Tables>,
  filter: InboxFilter,
  clock: InboxClockFilter = {},
  viewer: LeadViewer = NOBODY,
) {
  let query = db.selectFrom('leads').leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id');
  const term = filter.q?.trim() ?? '';
  if (viewer.restricted) query = query.where(takableBy(viewer));
  if (byDueTime(filter.vue)) query = query.where(sql<boolean>`${notYetCalled}`);
  if (filter.vue === 'en-retard') query = query.where(overdue(clock));
  if (filter.vue === 'mes-demandes') query = query.where(takableBy(viewer));
  if (filter.vue === 'a-attribuer') query = query.where('leads.owner_id', 'is', null);
  if (filter.owner) query = query.where(ownerCondition(filter.owner, viewer));
  if (term !== '') query = query.where((eb) => termCondition(eb, term));
  if (filter.status) {
    const status = filter.status;
    query = query.where((eb) =>
      status === 'nouveau'
        ? eb.or([eb('lead_tracking.status', 'is', null), eb('lead_tracking.status', '=', status)])
        : eb('lead_tracking.status', '=', status),
    );
  }
  // Compared as plain text: a filter may name a value the contract's types do not (yet) list.
  const { produit, clientType } = filter;
  if (produit) query = query.where(sql<boolean>`leads.produit = ${produit}`);
  if (clientType) query = query.where(sql<boolean>`leads.client_type = ${clientType}`);
  if (filter.from) query = query.where('leads.created_at', '>=', dayStart(filter.from));
  if (filter.to) query = query.where('leads.created_at', '<', dayStart(filter.to) + DAY_MS);
  if (filter.sourcePage) query = query.where('lead_tracking.source_page', '=', filter.sourcePage);
  return query;
}

/** « Mes demandes »: the viewer's own first, then those anyone may take. */
export function mineFirst(viewer: LeadViewer = NOBODY) {
  return sql`CASE WHEN leads.owner_id = ${viewer.personId} THEN 0 ELSE 1 END`;
}
