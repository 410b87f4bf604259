import type { Kysely } from 'kysely';

import { appendAudit } from '#server/db/records/audit.ts';
import type { LeadStatus, Tables } from '#server/db/schema.ts';
import type { DbScope } from '#server/db/scope.ts';
import { WebhookQueue } from '#server/webhooks/index.ts';

/**
 * A request's status (`lead_tracking.status`, `nouveau` until someone changes it) and its
 * changes, each with its audit entry and, when the CRM webhook is on, its event, in the
 * caller's transaction: the inbox's status form and the call-back clock's first call both
 * change it this way.
 */

/** A change of a request's status by `actor`, with its note. */
export interface StatusChange {
  leadId: string;
  status: LeadStatus;
  note?: string;
  actor: string;
  now: number;
  /** The CRM webhook is on: queue `lead.status_changed` in this transaction (ADR 0024). */
  webhooks?: boolean;
}

export class LeadStatuses {
  readonly #db: Kysely<Tables>;

  constructor(scope: DbScope) {
    this.#db = scope.db;
  }

  /** A lead's status ('nouveau' until staff change it); undefined when there is no such lead. */
  async of(leadId: string): Promise<LeadStatus | undefined> {
    const lead = await this.#db
      .selectFrom('leads')
      .leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id')
      .select(['leads.id', 'lead_tracking.status'])
      .where('leads.id', '=', leadId)
      .executeTakeFirst();
    return lead ? (lead.status ?? 'nouveau') : undefined;
  }

  /** Sets the status (and adds the note) of a lead; false when the lead does not exist. */
  async change(change: StatusChange): Promise<boolean> {
    const db = this.#db;
    const before = await this.of(change.leadId);
    if (before === undefined) return false;
    if (before !== change.status) {
      await db
        .insertInto('lead_tracking')
        .values({
          lead_id: change.leadId,
          status: change.status,
          status_changed_at: change.now,
          source_page: null,
          utm_source: null,
          utm_medium: null,
          utm_campaign: null,
        })
        .onConflict((conflict) =>
          conflict
            .column('lead_id')
            .doUpdateSet({ status: change.status, status_changed_at: change.now }),
        )
        .execute();
      await appendAudit(db, {
        at: change.now,
        actor: change.actor,
        action: 'status',
        leadId: change.leadId,
        detail: `${before} → ${change.status}`,
      });
      if (change.webhooks) {
        await new WebhookQueue({ db }).statusChanged({
          leadId: change.leadId,
          status: change.status,
          previousStatus: before,
          now: change.now,
        });
      }
    }
    if (change.note) {
      await db
        .insertInto('lead_notes')
        .values({ lead_id: change.leadId, at: change.now, author: change.actor, text: change.note })
        .execute();
      await appendAudit(db, {
        at: change.now,
        actor: change.actor,
        action: 'note',
        leadId: change.leadId,
        detail: '',
      });
    }
    return true;
  }
}
