import { sql, type ExpressionBuilder, type Kysely } from 'kysely';

import { isPhoneTerm, phoneKey } from '#contracts/contact/phone-key.ts';
import { isPlausiblePhone } from '#contracts/contact/schema.ts';
import { STORED_CHANNELS, type StoredChannel } from '#contracts/contact/contact-choice.ts';

import type {
  Counters,
  CounterWindow,
  InboxFilter,
  InboxPage,
  InboxRow,
  InboxStanding,
  MailState,
} from '#contracts/staff/contract.ts';
import { PAGE_SIZE } from '#contracts/staff/contract.ts';
import { dueOrder, dueWithin, notYetCalled, type DueBound } from '#server/callback/index.ts';
import type { DbScope } from '#server/db/scope.ts';
import { LeadRecords } from '#server/leads/index.ts';
import { LEAD_STATUSES, type LeadStatus, type Tables } from '#server/db/schema.ts';

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

/** A page of the list as the store reads it; the service (./service.ts) adds the clock's fields. */
export type StoreInboxPage = Omit<InboxPage, 'rows' | 'now' | 'timeZone' | 'overdue'> & {
  rows: Array<InboxRow & { standing: InboxStanding; storedDueAt: number | null }>;
};

/**
 * Where a request stands, by the same conditions as the views: closed (converted, lost), still
 * to call back (past due or not), else reached.
 */
function standing(clock: InboxClockFilter) {
  return sql<InboxStanding>`CASE
    WHEN lead_tracking.status IN ('converti', 'perdu') THEN lead_tracking.status
    WHEN ${notYetCalled} THEN CASE
      WHEN ${overdue(clock)} THEN 'en-retard' ELSE 'a-rappeler' END
    ELSE 'joint' END`;
}

/** Past due by the clock's bound (stored due time, else the reception rule); none without one. */
function overdue(clock: InboxClockFilter) {
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

/**
 * The rows a filter selects: the view's, narrowed by the search term and the other fields. The
 * staff pages run a new search term in « Toutes les demandes » (inbox-filter-form.tsx), where a
 * person ringing back is found whether or not they were called; each row says where it stands.
 */
function filtered(db: Kysely<Tables>, filter: InboxFilter, clock: InboxClockFilter = {}) {
  let query = db.selectFrom('leads').leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id');
  const term = filter.q?.trim() ?? '';
  if (filter.vue === 'a-rappeler' || filter.vue === 'en-retard') {
    query = query.where(sql<boolean>`${notYetCalled}`);
  }
  if (filter.vue === 'en-retard') query = query.where(overdue(clock));
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

const ROW_COLUMNS = [
  'leads.id',
  'leads.created_at',
  'leads.prenom',
  'leads.nom',
  'leads.email',
  'leads.telephone',
  'leads.produit',
  'leads.client_type',
  'leads.contact_channel',
  'leads.due_at',
  'lead_tracking.status',
  'lead_tracking.source_page',
] as const;

export interface RowShape {
  id: string;
  created_at: number;
  prenom: string;
  nom: string;
  email: string;
  telephone: string;
  produit: string;
  client_type: string;
  contact_channel: string;
  status: LeadStatus | null;
  source_page: string | null;
}

function storedChannel(value: string): StoredChannel {
  return (STORED_CHANNELS as readonly string[]).includes(value)
    ? (value as StoredChannel)
    : 'non_precise';
}

/** One row of the list (also the head of a request's page, store.ts). */
export function toRow(row: RowShape, delivery: MailState[]): InboxRow {
  return {
    id: row.id,
    createdAt: row.created_at,
    prenom: row.prenom,
    nom: row.nom,
    email: row.email,
    telephone: row.telephone,
    produit: row.produit,
    clientType: row.client_type,
    contactChannel: storedChannel(row.contact_channel),
    status: row.status ?? 'nouveau',
    sourcePage: row.source_page,
    delivery,
  };
}

/**
 * The staff inbox's reads of many requests: the list with its filters, and the counters (read
 * through InboxStore, ./store.ts).
 */
export class InboxSearch {
  readonly #scope: DbScope;

  constructor(scope: DbScope) {
    this.#scope = scope;
  }

  /**
   * One page of the filtered list, newest first; the views of requests to call back, soonest
   * due first (the stored due time, else the reception time: server/callback/clock-sql.ts
   * `dueOrder`), and among requests due at the same time the oldest first (received first,
   * called first). `pageSize: 0` returns every row (CSV export).
   */
  async search(
    filter: InboxFilter,
    pageSize: number = PAGE_SIZE,
    clock: InboxClockFilter = {},
  ): Promise<StoreInboxPage> {
    const { db } = this.#scope;
    const page = filter.page ?? 1;
    const count = await filtered(db, filter, clock)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst();
    const byDue = filter.vue === 'a-rappeler' || filter.vue === 'en-retard';
    let query = filtered(db, filter, clock)
      .select(ROW_COLUMNS)
      .select(standing(clock).as('standing'))
      .orderBy(byDue ? dueOrder : sql`leads.created_at`, byDue ? 'asc' : 'desc')
      .orderBy('leads.created_at', byDue ? 'asc' : 'desc')
      .orderBy('leads.id', byDue ? 'asc' : 'desc');
    if (pageSize > 0) query = query.limit(pageSize).offset((page - 1) * pageSize);
    const rows = await query.execute();
    const delivery = await new LeadRecords(this.#scope).deliveryByLead(rows.map((row) => row.id));
    const products = await db
      .selectFrom('leads')
      .select('produit')
      .distinct()
      .orderBy('produit')
      .execute();
    return {
      rows: rows.map((row) => ({
        ...toRow(row, delivery.get(row.id) ?? []),
        standing: row.standing,
        storedDueAt: row.due_at,
      })),
      total: Number(count?.count ?? 0),
      page,
      pageSize,
      products: products.map((row) => row.produit).filter((produit) => produit !== ''),
    };
  }

  /** The requests received in the last 30 and 90 days, by status and by product. */
  async counters(now: number): Promise<Pick<Counters, 'windows'>> {
    const { db } = this.#scope;
    const windows: CounterWindow[] = [];
    for (const days of [30, 90]) {
      const since = now - days * DAY_MS;
      const byStatusRows = await db
        .selectFrom('leads')
        .leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id')
        .select((eb) => [
          eb.fn.coalesce('lead_tracking.status', sql<LeadStatus>`'nouveau'`).as('status'),
          eb.fn.countAll<number>().as('count'),
        ])
        .where('leads.created_at', '>=', since)
        .groupBy(sql`coalesce(lead_tracking.status, 'nouveau')`)
        .execute();
      const byProductRows = await db
        .selectFrom('leads')
        .select((eb) => ['produit', eb.fn.countAll<number>().as('count')])
        .where('created_at', '>=', since)
        .groupBy('produit')
        .orderBy('produit')
        .execute();
      const byStatus = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<
        LeadStatus,
        number
      >;
      for (const row of byStatusRows) byStatus[row.status] += Number(row.count);
      const total = Object.values(byStatus).reduce((sum, count) => sum + count, 0);
      windows.push({
        days,
        total,
        byStatus,
        byProduct: byProductRows.map((row) => ({ produit: row.produit, count: Number(row.count) })),
        convertedShare: total === 0 ? 0 : byStatus.converti / total,
      });
    }
    return { windows };
  }
}
