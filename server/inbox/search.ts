import { sql } from 'kysely';

import { STORED_CHANNELS, type StoredChannel } from '#contracts/contact/contact-choice.ts';
import {
  personName,
  type Counters,
  type CounterWindow,
  type InboxFilter,
  type InboxPage,
  type InboxRow,
  type InboxStanding,
  type MailState,
} from '#contracts/staff/contract.ts';
import { PAGE_SIZE } from '#contracts/staff/contract.ts';
import { dueOrder, notYetCalled } from '#server/callback/index.ts';
import type { DbScope } from '#server/db/scope.ts';
import { LeadRecords } from '#server/leads/index.ts';
import { LEAD_STATUSES, type LeadStatus } from '#server/db/schema.ts';
import type { LeadViewer } from '#server/team/index.ts';
import { byDueTime, filtered, mineFirst, overdue, type InboxClockFilter } from './filter.ts';

export type { InboxClockFilter } from './filter.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A page of the list as the store reads it; the service (./service.ts) adds the clock's fields. */
export type StoreInboxPage = Omit<InboxPage, 'rows' | 'now' | 'timeZone' | 'overdue' | 'people'> & {
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
  'leads.owner_id',
  'owner.first_name as owner_first_name',
  'owner.last_name as owner_last_name',
  'owner.email as owner_email',
] as const;

/** The request's owner's columns (`staff_people` joined as `owner`); all null without one. */
interface OwnerShape {
  owner_id: string | null;
  owner_first_name: string | null;
  owner_last_name: string | null;
  owner_email: string | null;
}

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

/** The owner as the staff pages name them, and whether they are away today (ADR 0046). */
function ownerOf(row: OwnerShape, viewer?: Pick<LeadViewer, 'covering'>) {
  if (row.owner_id === null) return { owner: null, ownerAbsent: false };
  const person = {
    firstName: row.owner_first_name ?? '',
    lastName: row.owner_last_name ?? '',
    email: row.owner_email ?? '',
  };
  const ownerAbsent = (viewer?.covering ?? []).some((away) => away.personId === row.owner_id);
  return { owner: { id: row.owner_id, name: personName(person) }, ownerAbsent };
}

function storedChannel(value: string): StoredChannel {
  return (STORED_CHANNELS as readonly string[]).includes(value)
    ? (value as StoredChannel)
    : 'non_precise';
}

/** One row of the list (also the head of a request's page, store.ts). */
export function toRow(
  row: RowShape & OwnerShape,
  delivery: MailState[],
  viewer?: Pick<LeadViewer, 'covering'>,
): InboxRow {
  return {
    ...ownerOf(row, viewer),
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
   * `dueOrder`; « Mes demandes »: the viewer's own, then those anyone may take), and among requests due at the same time the oldest first (received first,
   * called first). `pageSize: 0` returns every row (CSV export).
   */
  async search(
    filter: InboxFilter,
    pageSize: number = PAGE_SIZE,
    clock: InboxClockFilter = {},
    viewer?: LeadViewer,
  ): Promise<StoreInboxPage> {
    const { db } = this.#scope;
    const page = filter.page ?? 1;
    const count = await filtered(db, filter, clock, viewer)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst();
    const byDue = byDueTime(filter.vue);
    let query = filtered(db, filter, clock, viewer)
      .leftJoin('staff_people as owner', 'owner.id', 'leads.owner_id')
      .select(ROW_COLUMNS)
      .select(standing(clock).as('standing'));
    if (filter.vue === 'mes-demandes') query = query.orderBy(mineFirst(viewer));
    query = query
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
        ...toRow(row, delivery.get(row.id) ?? [], viewer),
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
