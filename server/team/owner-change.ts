import { personName } from '#contracts/staff/contract.ts';
import { appendAudit } from '#server/db/records/audit.ts';
import type { DbScope } from '#server/db/scope.ts';
import { OutboxQueue } from '#server/outbox/index.ts';
import { leadAssignedEvent, WebhookQueue, type WebhookOwner } from '#server/webhooks/index.ts';
import type { PersonRow } from './store.ts';

/** A change of a request's owner: who does it, from whom (as read), to whom (null: nobody). */
export interface OwnerChange {
  leadId: string;
  /** The owner the change was decided on: nothing is written if it is no longer the owner. */
  from: string | null;
  to: Pick<PersonRow, 'id' | 'first_name' | 'last_name' | 'email'> | null;
  /** Who changes it (an e-mail, or `regle` for the rule at a deactivation). */
  actor: string;
  now: number;
  /** The CRM webhook is on: `lead.assigned` is queued with the change. */
  webhooks: boolean;
  /** Given by someone else (« Confier à … », a deactivation): the new owner gets its link. */
  notify?: boolean;
}

/** « Marie Dupont » (or the e-mail when the person has no name) and the e-mail, for the CRM. */
function webhookOwner(person: Pick<PersonRow, 'first_name' | 'last_name' | 'email'>): WebhookOwner {
  const name = personName({
    firstName: person.first_name,
    lastName: person.last_name,
    email: person.email,
  });
  return { name, email: person.email };
}

/**
 * The one write path of an owner change (ADR 0045), inside the caller's transaction: « Je la
 * prends », « Confier à … », a deactivation's reassignment. Compare-and-set on the owner read:
 * false (nothing written) when someone changed it meanwhile, on either engine. Writes the owner
 * and `assigned_at`, the audit entry, when the webhook is on `lead.assigned`, and when asked the
 * new owner's e-mail with the request's link (ADR 0048).
 */
export async function changeOwner(scope: DbScope, change: OwnerChange): Promise<boolean> {
  const { leadId, from, to, now } = change;
  const result = await scope.db
    .updateTable('leads')
    .set({ owner_id: to?.id ?? null, assigned_at: to ? now : null })
    .where('id', '=', leadId)
    .where((eb) => (from === null ? eb('owner_id', 'is', null) : eb('owner_id', '=', from)))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  const owner = to && webhookOwner(to);
  await appendAudit(scope.db, {
    at: now,
    actor: change.actor,
    action: 'lead_assigned',
    leadId,
    detail: owner ? owner.name : 'personne (de nouveau «\u00a0À attribuer\u00a0»)',
  });
  if (change.webhooks) await new WebhookQueue(scope).queue([leadAssignedEvent(leadId, owner, now)]);
  if (change.notify && to)
    await new OutboxQueue(scope).handOverMail({ leadId, personId: to.id, now });
  return true;
}
