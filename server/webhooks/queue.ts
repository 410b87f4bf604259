import { randomUUID } from 'node:crypto';

import type { CompiledQuery, Insertable } from 'kysely';

import { type ContactChoice, dayNameOf, encodeSlot } from '#contracts/contact/contact-choice.ts';
import { preparedInsert } from '#server/db/prepared.ts';
import type { LeadStatus } from '#server/db/schema.ts';
import type { DbScope } from '#server/db/scope.ts';
import type { WebhookEventType } from '#contracts/staff/webhooks-contract.ts';
import type { WebhookEventsTable } from '#server/db/tables/webhooks.ts';
import { WEBHOOK_HISTORY_MS } from './events.ts';

/** A webhook event to queue (the rows `WebhookQueue` writes). */
export type NewWebhookEvent = Insertable<WebhookEventsTable>;

/** A `webhook-id`: `msg_` and 32 hex digits, random, the same on every attempt. */
export function newWebhookId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

function eventRow(
  type: WebhookEventType,
  leadId: string | null,
  data: object | null,
  now: number,
  webhookId: string = newWebhookId(),
): NewWebhookEvent {
  return {
    message_id: webhookId,
    lead_id: leadId,
    type,
    payload: data === null ? null : JSON.stringify(data),
    created_at: now,
    next_attempt_at: now,
  };
}

const iso = (at: number) => new Date(at).toISOString();

/** The visitor's choice of contact as a webhook event states it. */
export interface ContactChoiceData {
  channel: ContactChoice['channel'];
  days: string[];
  slots: string[];
  /** The choice's wording as shown, its version and when it was given. */
  text: string;
  version: string;
  givenAt: string;
  dueAt: string | null;
}

export function contactChoiceData(
  contact: { choice: ContactChoice; text: string; version: string; dueAt?: number | null },
  givenAt: number,
): ContactChoiceData {
  return {
    channel: contact.choice.channel,
    days: contact.choice.days.map(dayNameOf).filter((day) => day !== undefined),
    slots: contact.choice.slots.map(encodeSlot),
    text: contact.text,
    version: contact.version,
    givenAt: iso(givenAt),
    dueAt: contact.dueAt == null ? null : iso(contact.dueAt),
  };
}

/**
 * `lead.created`: the person's data is read from the lead at each attempt (see tables.ts), so an
 * erasure leaves nothing to send; the choice of contact is stored with the event as given at
 * reception (no personal data), since the visitor may change it before the event is delivered
 * and every attempt must send the same bytes.
 */
export function leadCreatedEvent(
  leadId: string,
  webhookId: string,
  now: number,
  contact?: ContactChoiceData,
  owner?: WebhookOwner | null,
): NewWebhookEvent {
  const data = {
    ...(contact ? { contact } : {}),
    ...(owner === undefined ? {} : { owner }),
  };
  return eventRow(
    'lead.created',
    leadId,
    Object.keys(data).length > 0 ? data : null,
    now,
    webhookId,
  );
}

/** Who handles a request, as `lead.created` and `lead.assigned` state it (ADR 0045). */
export interface WebhookOwner {
  name: string;
  email: string;
}

/**
 * `lead.assigned` (ADR 0045): the request's new owner (null: back to « À attribuer »), stored
 * with the event so that every attempt sends the same bytes.
 */
export function leadAssignedEvent(
  leadId: string,
  owner: WebhookOwner | null,
  now: number,
): NewWebhookEvent {
  return eventRow('lead.assigned', leadId, { id: leadId, owner, assignedAt: iso(now) }, now);
}

export function webhookTestEvent(now: number): NewWebhookEvent {
  return eventRow('webhook.test', null, { test: true, sentAt: iso(now) }, now);
}

/** The submission batch's `lead.created` events, inserted with its other rows. */
const insertEvents = preparedInsert('webhook_events', [
  'message_id',
  'lead_id',
  'type',
  'payload',
  'created_at',
  'next_attempt_at',
]);

/**
 * Writing webhook events inside the transaction of what they report (ADR 0024): the request's
 * insert (the submission batch), a status change, a visitor's change, an erasure; and the
 * retention's purge. Committed together or not at all, so an acknowledged request's event is
 * delivered even after a crash. Other capabilities build it on their transaction's scope
 * (`new WebhookQueue(scopeOf(database, trx))`, ADR 0040); only the handle is used.
 */
export class WebhookQueue {
  readonly #scope: Pick<DbScope, 'db'>;

  constructor(scope: Pick<DbScope, 'db'>) {
    this.#scope = scope;
  }

  async queue(events: readonly NewWebhookEvent[]): Promise<void> {
    if (events.length > 0)
      await this.#scope.db
        .insertInto('webhook_events')
        .values([...events])
        .execute();
  }

  /** The inserts of a submission batch's events, compiled for the batch to run with its others. */
  eventInserts(events: readonly NewWebhookEvent[]): CompiledQuery[] {
    return events.length > 0 ? insertEvents(this.#scope.db, events) : [];
  }

  /** `lead.status_changed`, in the status change's transaction. */
  statusChanged(change: {
    leadId: string;
    status: LeadStatus;
    previousStatus: LeadStatus;
    now: number;
  }): Promise<void> {
    const data = {
      id: change.leadId,
      status: change.status,
      previousStatus: change.previousStatus,
      changedAt: iso(change.now),
    };
    return this.queue([eventRow('lead.status_changed', change.leadId, data, change.now)]);
  }

  /**
   * `lead.contact_changed`, in the transaction of the visitor's change on the visitor page:
   * the new channel, days (ISO weekday names) and slots, the due time, and when the phone
   * consent was withdrawn (null while it stands).
   */
  contactChanged(change: {
    leadId: string;
    choice: ContactChoice;
    dueAt: number;
    phoneWithdrawnAt: number | null;
    now: number;
  }): Promise<void> {
    const data = {
      id: change.leadId,
      channel: change.choice.channel,
      days: change.choice.days.map(dayNameOf),
      slots: change.choice.slots.map(encodeSlot),
      dueAt: iso(change.dueAt),
      phoneWithdrawnAt: change.phoneWithdrawnAt === null ? null : iso(change.phoneWithdrawnAt),
      changedAt: iso(change.now),
    };
    return this.queue([eventRow('lead.contact_changed', change.leadId, data, change.now)]);
  }

  /**
   * In an erasure's transaction, after the leads were deleted: cancels their undelivered
   * events, empties every payload and stored response of their events, then (`queueErased`)
   * queues one `lead.erased` per erased request, even one whose `lead.created` never reached
   * the CRM.
   */
  async erase(leadIds: readonly string[], now: number, queueErased: boolean): Promise<void> {
    if (leadIds.length === 0) return;
    const ids = [...leadIds];
    const db = this.#scope.db;
    await db
      .updateTable('webhook_events')
      .set({ status: 'cancelled' })
      .where('lead_id', 'in', ids)
      .where('status', 'in', ['pending', 'failed'])
      .execute();
    await db
      .updateTable('webhook_events')
      .set({ payload: null })
      .where('lead_id', 'in', ids)
      .where('payload', 'is not', null)
      .execute();
    await db
      .updateTable('webhook_attempts')
      .set({ response: null })
      .where('response', 'is not', null)
      .where('event_id', 'in', (eb) =>
        eb.selectFrom('webhook_events').select('id').where('lead_id', 'in', ids),
      )
      .execute();
    if (queueErased) {
      await this.queue(
        ids.map((id) => eventRow('lead.erased', id, { id, erasedAt: iso(now) }, now)),
      );
    }
  }

  /** Retention: events done for more than `WEBHOOK_HISTORY_MS` go, with their attempts. */
  async purge(now: number): Promise<number> {
    const result = await this.#scope.db
      .deleteFrom('webhook_events')
      .where('status', 'in', ['delivered', 'failed', 'cancelled'])
      .where('created_at', '<', now - WEBHOOK_HISTORY_MS)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
