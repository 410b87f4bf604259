import { inTransaction } from '#server/db/connection.ts';
import type { Database } from '#server/db/database.ts';
import { type DbScope, scopeOf } from '#server/db/scope.ts';
import { appendAudit } from '#server/db/records/audit.ts';
import type { AuditAction } from '#server/db/schema.ts';
import { RateHitStore } from '#server/http/rate-hits.ts';
import { Counters, LeadRecords } from '#server/leads/index.ts';
import { StaffAuthStore, STAFF_IDLE_MS } from '#server/staff/index.ts';
import { WebhookQueue } from '#server/webhooks/index.ts';

/** What one purge deleted. */
export interface PurgeResult {
  leadIds: string[];
  webhookEvents: number;
  rateLimitHits: number;
  staffAuth: number;
  counters: number;
  /** Expired links of the visitor page (ADR 0029). */
  visitorLinks: number;
}

/**
 * After an erasure, in its transaction: the CRM webhook's events of the erased requests are
 * cancelled and emptied, `lead.erased` queued (ADR 0024); then the audit entry: who, when and
 * how many requests, never the erased data.
 */
async function afterErasure(
  scope: DbScope,
  erased: {
    ids: readonly string[];
    actor: string;
    at: number;
    webhooks: boolean;
    action?: AuditAction;
  },
) {
  await new WebhookQueue(scope).erase(erased.ids, erased.at, erased.webhooks);
  if (erased.ids.length === 0) return;
  await appendAudit(scope.db, {
    at: erased.at,
    actor: erased.actor,
    action: erased.action ?? 'erase',
    leadId: null,
    detail: `${erased.ids.length}`,
  });
}

/** Erasure (a person's every request) and the retention periods, each in one transaction. */
export class RetentionStore {
  readonly #database: Database;

  constructor(database: Database) {
    this.#database = database;
  }

  /**
   * Erases every lead of one person (and, by cascade, its e-mails, status and notes), and records
   * the erasure in the audit trail with `actor` and the count only. Returns the erased ids.
   */
  async forget(email: string, actor = 'npm run leads', now = Date.now()): Promise<string[]> {
    const webhooks = this.#database.webhookEvents;
    return inTransaction(this.#database, async (trx) => {
      const ids = await new LeadRecords(scopeOf(this.#database, trx)).forgetPerson(email);
      await afterErasure(scopeOf(this.#database, trx), { ids, actor, at: now, webhooks });
      return ids;
    });
  }

  /**
   * Erases the person of a lead (every request with the same e-mail address) and records the
   * erasure in the audit trail without any of the erased data: no id, no address, a count.
   * Returns the erased lead ids (for their `.eml` files), undefined when the lead is gone.
   * Staff's erasure (`erase`, the staff member as actor) and the visitor's own from the link of
   * their e-mail (`visitor_erase`, actor `demandeur`: the link proves the address, ADR 0031).
   */
  async eraseByLead(
    leadId: string,
    actor: string,
    now: number,
    action: AuditAction = 'erase',
  ): Promise<string[] | undefined> {
    const webhooks = this.#database.webhookEvents;
    return inTransaction(this.#database, async (trx) => {
      const leads = new LeadRecords(scopeOf(this.#database, trx));
      const key = await leads.emailKeyOf(leadId);
      if (key === undefined) return undefined;
      const ids = await leads.forgetPerson(key);
      await afterErasure(scopeOf(this.#database, trx), { ids, actor, at: now, webhooks, action });
      return ids;
    });
  }

  /**
   * The days whose morning digest listed one of `leadIds` (`digests.items`, the ids a digest was
   * decided with): their `.eml` copies name these people. Every digest is read (one row per
   * working day, at most three years of them): an erasure is rare.
   */
  async digestDaysListing(leadIds: readonly string[]): Promise<string[]> {
    if (leadIds.length === 0) return [];
    const erased = new Set(leadIds);
    const rows = await this.#database.db
      .selectFrom('digests')
      .select(['day', 'items'])
      .where('count', '>', 0)
      .execute();
    return rows
      .filter((row) =>
        (JSON.parse(row.items) as Array<{ id: string }>).some((item) => erased.has(item.id)),
      )
      .map((row) => row.day);
  }

  /**
   * Deletes the people whose last contact is older than the retention period, and rate-limit
   * hits older than `rateWindowMs`. Safe to run on every instance at any time.
   */
  async purge(
    now: number,
    rateWindowMs: number,
    staffIdleMs: number = STAFF_IDLE_MS,
  ): Promise<PurgeResult> {
    const webhooks = this.#database.webhookEvents;
    return inTransaction(this.#database, async (trx) => {
      const scope = scopeOf(this.#database, trx);
      const leadIds = await new LeadRecords(scope).purge(now);
      const webhookQueue = new WebhookQueue(scope);
      await webhookQueue.erase(leadIds, now, webhooks);
      return {
        leadIds,
        webhookEvents: await webhookQueue.purge(now),
        rateLimitHits: await new RateHitStore(scope).purge(now - rateWindowMs),
        staffAuth: await new StaffAuthStore(scope).purge(now, staffIdleMs),
        // Every counter window is shorter than a day.
        counters: await new Counters(scope).purge(now - 24 * 60 * 60 * 1000),
        // The visitor page's links past their 90 days (ADR 0029); an erased request's went with it.
        visitorLinks: Number(
          (await trx.deleteFrom('visitor_links').where('expires_at', '<=', now).executeTakeFirst())
            .numDeletedRows,
        ),
      };
    });
  }
}
