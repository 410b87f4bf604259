import type { CompiledQuery } from 'kysely';

import { preparedInsert } from '#server/db/prepared.ts';
import type { MailKind, OutboxStatus } from '#server/db/schema.ts';
import type { DbScope } from '#server/db/scope.ts';
import { companyMailDomain } from '#server/env.ts';
import type { LeadMailKind } from './rows.ts';

/** A request's e-mail as a submission batch queues it: due now, or withheld with its reason. */
export type NewLeadMailRow = {
  lead_id: string;
  kind: MailKind;
  message_id: string;
  status: Extract<OutboxStatus, 'pending' | 'withheld'>;
  withheld_reason: string | null;
  next_attempt_at: number;
  created_at: number;
};

const insertLeadMails = preparedInsert('outbox', [
  'lead_id',
  'kind',
  'message_id',
  'status',
  'withheld_reason',
  'next_attempt_at',
  'created_at',
]);

/** The columns of a new row no writer sets: nothing attempted, nothing claimed. */
const FRESH = {
  last_attempt_at: null,
  sent_at: null,
  last_error: null,
  claimed_until: null,
  claim_token: null,
} as const;

/**
 * Every write that puts an e-mail in the outbox or makes one due again, whoever asks (ADR
 * 0040): the other capabilities build it on their transaction's scope
 * (`new OutboxQueue(scopeOf(database, trx))`), so the e-mail is stored with what it reports.
 * Only the handle is used (no query depends on the engine). The worker's side: ./store.ts.
 */
export class OutboxQueue {
  readonly #scope: Pick<DbScope, 'db'>;

  constructor(scope: Pick<DbScope, 'db'>) {
    this.#scope = scope;
  }

  /** Queues an e-mail of a request, due at `notBefore` (default `now`). */
  async queueMail(mail: {
    leadId: string;
    kind: MailKind;
    messageId: string;
    now: number;
    notBefore?: number;
  }): Promise<void> {
    await this.#scope.db
      .insertInto('outbox')
      .values({
        lead_id: mail.leadId,
        kind: mail.kind,
        message_id: mail.messageId,
        next_attempt_at: mail.notBefore ?? mail.now,
        created_at: mail.now,
        ...FRESH,
      })
      .execute();
  }

  /**
   * Queues one e-mail of a request's `kind` (the visitor's changes), due at `notBefore`
   * (default `now`), unless one of that kind is still waiting and unclaimed: rendered from the
   * request's state when sent, the waiting one already tells the latest change. True when a
   * row was added.
   */
  async queueLeadMail(mail: {
    leadId: string;
    kind: LeadMailKind;
    messageId: string;
    now: number;
    notBefore?: number;
  }): Promise<boolean> {
    const db = this.#scope.db;
    const waiting = await db
      .selectFrom('outbox')
      .select('id')
      .where('lead_id', '=', mail.leadId)
      .where('kind', '=', mail.kind)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', mail.now)]))
      .executeTakeFirst();
    if (waiting) return false;
    const inserted = await db
      .insertInto('outbox')
      .values({
        lead_id: mail.leadId,
        kind: mail.kind,
        message_id: mail.messageId,
        next_attempt_at: Math.max(mail.now, mail.notBefore ?? mail.now),
        created_at: mail.now,
        ...FRESH,
      })
      .onConflict((conflict) => conflict.column('message_id').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Queues the morning digest of `day` for the person `personId` (ADR 0048), due now. */
  async queueDigest(digest: {
    day: string;
    personId: string;
    messageId: string;
    now: number;
  }): Promise<void> {
    const { day, personId, messageId, now } = digest;
    await this.#scope.db
      .insertInto('outbox')
      .values({
        lead_id: null,
        digest_day: day,
        person_id: personId,
        kind: 'digest',
        message_id: messageId,
        next_attempt_at: now,
        created_at: now,
        ...FRESH,
      })
      .execute();
  }

  /**
   * « Confier à … » (ADR 0048): queues, on the caller's transaction, the e-mail that gives the
   * request's link to its new owner `personId`, due now. Its Message-ID names the request, the
   * person and the time (ids only): a second hand-over to the same person is another e-mail.
   */
  async handOverMail(mail: {
    leadId: string;
    personId: string;
    now: number;
    messageDomain?: string;
  }): Promise<void> {
    const domain = mail.messageDomain ?? companyMailDomain();
    await this.#scope.db
      .insertInto('outbox')
      .values({
        lead_id: mail.leadId,
        person_id: mail.personId,
        kind: 'handover',
        message_id: `<${mail.leadId}.handover.${mail.now}.${mail.personId}@${domain}>`,
        next_attempt_at: mail.now,
        created_at: mail.now,
        ...FRESH,
      })
      .onConflict((conflict) => conflict.column('message_id').doNothing())
      .execute();
  }

  /** Queues the e-mail of the CRM webhook's alert `alertId`, due now. */
  async queueWebhookAlert(alertId: number, messageId: string, now: number): Promise<void> {
    await this.#scope.db
      .insertInto('outbox')
      .values({
        lead_id: null,
        kind: 'webhook_alert',
        message_id: messageId,
        next_attempt_at: now,
        created_at: now,
        ...FRESH,
        webhook_alert_id: alertId,
      })
      .execute();
  }

  /** The failed or waiting e-mails of a request become due now; returns how many. */
  async retryNow(leadId: string, now: number): Promise<number> {
    const result = await this.#scope.db
      .updateTable('outbox')
      .set({ status: 'pending', next_attempt_at: now })
      .where('lead_id', '=', leadId)
      .where((eb) => eb.or([eb('status', '=', 'failed'), eb('status', '=', 'pending')]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * The inserts of a submission batch's e-mails, in their order (their ids keep the order of
   * the requests), compiled for the batch to run with its other writes.
   */
  leadMailInserts(rows: readonly NewLeadMailRow[]): CompiledQuery[] {
    return rows.length > 0 ? insertLeadMails(this.#scope.db, rows) : [];
  }
}
