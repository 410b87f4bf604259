import { CompiledQuery } from 'kysely';

import { lockStatement } from '#server/db/advisory-locks.ts';
import type { ReadRow } from '#server/db/batch-statements.ts';
import type { DbScope } from '#server/db/scope.ts';
import { SnapshotAssigner } from './assignment-rule.ts';
import { ASSIGNMENT_LOCK, snapshotOf, teamRead, turnsWrite } from './batch-assigner.ts';
import { changeOwner } from './owner-change.ts';

/** Where a leaving person's open requests go: back to the rule, or to one colleague. */
export type Reprise = { rule: true } | { personId: string };

const OPEN = ['nouveau', 'en_cours'] as const;

/**
 * In a deactivation's transaction (ADR 0045): every open request of `personId` (status « Nouveau »
 * or « En cours ») goes to the chosen colleague, or by the team's rule as if it had just arrived
 * (its address, the rule's turns, the leaving person no longer active; nobody: « À attribuer »).
 * Each through the one owner-change write path. On PostgreSQL the team's turns are locked first,
 * as a submission batch locks them. Returns how many requests moved, or `invalid` (nothing
 * written) when the chosen colleague is not an active person other than the one leaving.
 */
export async function reassignOpenRequests(
  scope: DbScope,
  change: { personId: string; reprise: Reprise; actor: string; now: number; webhooks: boolean },
): Promise<number | 'invalid'> {
  const { db } = scope;
  if (scope.engine === 'postgres') {
    await db.executeQuery(CompiledQuery.raw(lockStatement([ASSIGNMENT_LOCK]) ?? ''));
  }
  const snapshot = snapshotOf((await db.executeQuery<ReadRow>(teamRead(db))).rows);
  snapshot.people = snapshot.people.filter((person) => person.id !== change.personId);
  const { reprise } = change;
  if ('personId' in reprise && !snapshot.people.some((p) => p.id === reprise.personId)) {
    return 'invalid';
  }
  const open = await db
    .selectFrom('leads')
    .leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id')
    .select(['leads.id', 'leads.adresse'])
    .where('leads.owner_id', '=', change.personId)
    .where((eb) =>
      eb.or([eb('lead_tracking.status', 'is', null), eb('lead_tracking.status', 'in', [...OPEN])]),
    )
    .orderBy('leads.created_at')
    .execute();
  const assigner = new SnapshotAssigner(snapshot);
  for (const lead of open) {
    const toId =
      'personId' in reprise ? reprise.personId : assigner.assign(lead.adresse, change.now);
    const to = toId === null ? null : (snapshot.named.get(toId) ?? null);
    await changeOwner(scope, {
      leadId: lead.id,
      from: change.personId,
      to,
      actor: change.actor,
      now: change.now,
      webhooks: change.webhooks,
      notify: true,
    });
  }
  for (const query of turnsWrite(db, assigner.assigned())) await db.executeQuery(query);
  return open.length;
}
