import { sql, type CompiledQuery, type Kysely } from 'kysely';

import type { AssignedOwner } from './assignment.ts';
import { leadRow, outboxRows, trackingRow } from './rows.ts';
import {
  emailKey,
  type Consent,
  type LeadInput,
  type LeadOrigin,
  type NewContact,
  type NewMail,
} from './store.ts';
import { preparedInsert } from '#server/db/prepared.ts';
import type { Tables } from '#server/db/schema.ts';
import type { BatchRead, ReadRow } from '#server/db/batch-statements.ts';
import { OutboxQueue } from '#server/outbox/index.ts';
import {
  contactChoiceData,
  leadCreatedEvent,
  type NewWebhookEvent,
  WebhookQueue,
} from '#server/webhooks/index.ts';

/**
 * What one group-commit batch reads of the leads and their e-mails, and what it writes, in a
 * few statements instead of a few per submission. `reads` reads, for every address of the
 * batch, the recent leads (the duplicate rule) and the latest confirmation (one per address
 * per period), each with one statement; the batch's own leads and confirmations join them in
 * memory as it goes, so each submission sees what the earlier ones of the batch stored, as it
 * did when each ran its own queries. `writes` gives the inserts of the batch's leads, tracking rows and
 * outbox rows with one multi-row insert each (outbox rows in the batch's order, so their ids
 * keep the order of the requests), and the CRM webhook's `lead.created` events when asked.
 */
interface RecentLead {
  id: string;
  telephone: string;
  message: string;
  createdAt: number;
}

const insertLeads = preparedInsert('leads', [
  'id',
  'created_at',
  'client_type',
  'nom',
  'prenom',
  'adresse',
  'telephone',
  'email',
  'email_key',
  'phone_key',
  'produit',
  'message',
  'consent_given_at',
  'consent_version',
  'consent_text',
  'contact_channel',
  'contact_days',
  'contact_slots',
  'contact_text',
  'contact_version',
  'contact_given_at',
  'due_at',
  'owner_id',
  'assigned_at',
]);

const insertTracking = preparedInsert('lead_tracking', [
  'lead_id',
  'status',
  'status_changed_at',
  'source_page',
  'utm_source',
  'utm_medium',
  'utm_campaign',
]);

export interface LeadLookups {
  /** Addresses (keys) whose leads after `since` may be duplicates. */
  duplicates?: { keys: readonly string[]; since: number };
  /** Addresses (keys) whose confirmations after `since` count. */
  confirmations?: { keys: readonly string[]; since: number };
}

/**
 * For each address (key), when its latest confirmation (sent or due, not withheld) after `since`
 * was queued; `null` when none was. Written so that the plan does not hang on the tables'
 * statistics (a fresh database has none, and the planner then chose to scan every confirmation
 * of the period and join each to its lead, a cost that grew with the table): one row per
 * address from a `VALUES` list, and for each, scalar subqueries, which PostgreSQL never turns
 * into joins, that go from the address's leads (`leads_email_key`) to their outbox rows
 * (`outbox_lead`). A confirmation is queued with its lead, at the lead's own `created_at`, so
 * only the address's leads after `since` can hold one.
 */
function latestConfirmations(
  db: Kysely<Tables>,
  keys: readonly string[],
  since: number,
): CompiledQuery {
  const values = sql.join([...new Set(keys)].map((key) => sql`(CAST(${key} AS TEXT))`));
  return sql`
    SELECT v.column1 AS email_key,
           (SELECT max((SELECT max(o.created_at) FROM outbox o
                         WHERE o.lead_id = l.id AND o.kind = 'confirmation'
                           AND o.status <> 'withheld' AND o.created_at > ${since}))
              FROM leads l
             WHERE l.email_key = v.column1 AND l.created_at > ${since}) AS latest
      FROM (VALUES ${values}) AS v`.compile(db);
}

export class BatchLeads {
  /** By address: its leads after the earliest duplicate window (in no particular order). */
  readonly #recent = new Map<string, RecentLead[]>();
  /** By address: when its latest confirmation (sent or due) was queued. */
  readonly #confirmed = new Map<string, number>();
  #leads: Array<
    ReturnType<typeof leadRow> & { owner_id: string | null; assigned_at: number | null }
  > = [];
  #tracking: Array<ReturnType<typeof trackingRow>> = [];
  #outbox: Array<ReturnType<typeof outboxRows>[number]> = [];
  #events: NewWebhookEvent[] = [];

  /**
   * The reads (a statement each, none when not asked) of the addresses' recent leads and of
   * their latest confirmations.
   */
  reads(db: Kysely<Tables>, lookups: LeadLookups): BatchRead {
    const { duplicates, confirmations } = lookups;
    const statements: CompiledQuery[] = [];
    const appliers: Array<(rows: readonly ReadRow[]) => void> = [];
    if (duplicates && duplicates.keys.length > 0) {
      statements.push(
        db
          .selectFrom('leads')
          .select(['id', 'email_key', 'telephone', 'message', 'created_at'])
          .where('email_key', 'in', [...new Set(duplicates.keys)])
          .where('created_at', '>', duplicates.since)
          .compile(),
      );
      appliers.push((rows) => {
        for (const row of rows) {
          this.#addRecent(String(row.email_key), {
            id: String(row.id),
            telephone: String(row.telephone),
            message: String(row.message),
            createdAt: Number(row.created_at),
          });
        }
      });
    }
    if (confirmations && confirmations.keys.length > 0) {
      statements.push(latestConfirmations(db, confirmations.keys, confirmations.since));
      appliers.push((rows) => {
        for (const row of rows) {
          if (row.latest !== null) this.#confirmed.set(String(row.email_key), Number(row.latest));
        }
      });
    }
    return {
      statements,
      apply: (results) => appliers.forEach((apply, i) => apply(results[i] ?? [])),
    };
  }

  #addRecent(key: string, lead: RecentLead): void {
    const list = this.#recent.get(key);
    if (list) list.push(lead);
    else this.#recent.set(key, [lead]);
  }

  /** The first lead (oldest) with the same address, phone and message after `since`, if any. */
  duplicateOf(
    key: string,
    lead: LeadInput,
    since: number,
  ): { id: string; createdAt: number } | undefined {
    let first: RecentLead | undefined;
    for (const recent of this.#recent.get(key) ?? []) {
      if (
        recent.createdAt > since &&
        recent.telephone === lead.telephone &&
        recent.message === lead.message &&
        (!first || recent.createdAt < first.createdAt)
      ) {
        first = recent;
      }
    }
    return first && { id: first.id, createdAt: first.createdAt };
  }

  /** Whether a confirmation (sent or due) went to `key` after `since`. */
  confirmedSince(key: string, since: number): boolean {
    return (this.#confirmed.get(key) ?? Number.NEGATIVE_INFINITY) > since;
  }

  /** Queues the lead and its outbox rows; written by `writes`. */
  add(
    id: string,
    input: LeadInput,
    consent: Consent,
    mails: readonly NewMail[],
    now: number,
    origin: LeadOrigin = {},
    webhookId?: string,
    contact?: NewContact,
    owner: AssignedOwner | null = null,
  ): void {
    const key = emailKey(input.email);
    this.#leads.push({
      ...leadRow(id, input, consent, now, contact),
      owner_id: owner?.id ?? null,
      assigned_at: owner ? now : null,
    });
    this.#tracking.push(trackingRow(id, origin));
    this.#outbox.push(...outboxRows(id, mails, now));
    if (webhookId) {
      const choice = contact ? contactChoiceData(contact, now) : undefined;
      const named = owner && { name: owner.name, email: owner.email };
      this.#events.push(leadCreatedEvent(id, webhookId, now, choice, named));
    }
    this.#addRecent(key, {
      id,
      telephone: input.telephone,
      message: input.message,
      createdAt: now,
    });
    if (mails.some((mail) => mail.kind === 'confirmation' && !mail.withheldReason)) {
      this.#confirmed.set(key, Math.max(now, this.#confirmed.get(key) ?? now));
    }
  }

  /** The inserts of the queued rows (leads first, for the foreign keys), taken from memory. */
  writes(db: Kysely<Tables>): CompiledQuery[] {
    const [leads, tracking, outbox, events] = [
      this.#leads,
      this.#tracking,
      this.#outbox,
      this.#events,
    ];
    this.#leads = [];
    this.#tracking = [];
    this.#outbox = [];
    this.#events = [];
    return [
      ...(leads.length > 0 ? insertLeads(db, leads) : []),
      ...(tracking.length > 0 ? insertTracking(db, tracking) : []),
      ...new OutboxQueue({ db }).leadMailInserts(outbox),
      ...new WebhookQueue({ db }).eventInserts(events),
    ];
  }
}
