import { type ContactChoice } from '#contracts/contact/contact-choice.ts';
import { choiceFromColumns } from '#contracts/contact/choice-records.ts';
import { inTransaction } from '#server/db/connection.ts';
import type { Database } from '#server/db/database.ts';
import { scopeOf } from '#server/db/scope.ts';
import { OutboxQueue, toOutbox, type OutboxRow } from '#server/outbox/index.ts';

/** A request still to call back, as the clock's lists and the digest show it. */
export interface UncalledLead {
  id: string;
  createdAt: number;
  prenom: string;
  produit: string;
  /** The stored due time (null: stored before migration 10, the reception's rule applies). */
  storedDueAt: number | null;
  /** How and when the person asked to be contacted (ADR 0029): each line says it. */
  choice: ContactChoice;
}

/** A request as the call-back counters read it (store.ts `receivedSince`). */
export interface ReceivedLead {
  createdAt: number;
  dueAt: number | null;
  choice: ContactChoice;
  reachedAt: number | null;
  open: boolean;
}

/** The `leads` columns an UncalledLead is read from. */
export const UNCALLED_COLUMNS = [
  'leads.id',
  'leads.created_at',
  'leads.prenom',
  'leads.produit',
  'leads.due_at',
  'leads.contact_channel',
  'leads.contact_days',
  'leads.contact_slots',
] as const;

export function toUncalled(row: {
  id: string;
  created_at: number;
  prenom: string;
  produit: string;
  due_at: number | null;
  contact_channel: string;
  contact_days: string;
  contact_slots: string;
}): UncalledLead {
  return {
    id: row.id,
    createdAt: row.created_at,
    prenom: row.prenom,
    produit: row.produit,
    storedDueAt: row.due_at,
    choice: choiceFromColumns(row.contact_channel, row.contact_days, row.contact_slots),
  };
}

/** A digest's line: a request and its due time. */
export interface DigestItem {
  id: string;
  dueAt: number;
}

/**
 * The morning digest's rows (`digests`, one per day, and its e-mail in the outbox): the claim
 * that only one instance wins per day, and the reads of what a claimed digest reports.
 */
export class DigestStore {
  readonly #database: Database;

  constructor(database: Database) {
    this.#database = database;
  }

  /**
   * Claims the digest of `day`: inserts its row unless one exists, and with it (same
   * transaction) its outbox e-mail when it lists anything. Whatever the number of instances or
   * restarts, only one claim per day succeeds.
   */
  claimDigest(claim: {
    day: string;
    now: number;
    messageId: string;
    items: readonly DigestItem[];
  }): Promise<{ claimed: boolean; count: number }> {
    return inTransaction(this.#database, async (trx) => {
      const existing = await trx
        .selectFrom('digests')
        .select('day')
        .where('day', '=', claim.day)
        .executeTakeFirst();
      if (existing) return { claimed: false, count: 0 };
      const { items } = claim;
      const inserted = await trx
        .insertInto('digests')
        .values({
          day: claim.day,
          created_at: claim.now,
          items: JSON.stringify(items),
          count: items.length,
        })
        .onConflict((conflict) => conflict.column('day').doNothing())
        .returning('day')
        .executeTakeFirst();
      if (!inserted) return { claimed: false, count: 0 };
      if (items.length > 0) {
        await new OutboxQueue(scopeOf(this.#database, trx)).queueDigest(
          claim.day,
          claim.messageId,
          claim.now,
        );
      }
      return { claimed: true, count: items.length };
    });
  }

  /** The digest e-mails in the outbox, oldest first. */
  async digestMails(): Promise<OutboxRow[]> {
    const rows = await this.#database.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'digest')
      .orderBy('id')
      .execute();
    return rows.map(toOutbox);
  }

  /** What a claimed digest reports: its items, with the requests that still exist. */
  async digestContent(day: string): Promise<Array<DigestItem & UncalledLead> | undefined> {
    const row = await this.#database.db
      .selectFrom('digests')
      .select('items')
      .where('day', '=', day)
      .executeTakeFirst();
    if (!row) return undefined;
    const items = JSON.parse(row.items) as DigestItem[];
    if (items.length === 0) return [];
    const leads = await this.#database.db
      .selectFrom('leads')
      .select([...UNCALLED_COLUMNS])
      .where(
        'leads.id',
        'in',
        items.map((item) => item.id),
      )
      .execute();
    const byId = new Map(leads.map((lead) => [lead.id, toUncalled(lead)]));
    return items.flatMap((item) => {
      const lead = byId.get(item.id);
      // The line's due time is the one decided at the claim; the choice is the current one.
      return lead ? [{ ...lead, ...item }] : [];
    });
  }
}
