import { sql, type Kysely } from 'kysely';

import type { TeamHistoryEntry } from '#contracts/staff/team.ts';
import type { Tables } from '#server/db/schema.ts';

/**
 * « Historique de l'équipe » (ADR 0044): the team's changes in the audit trail (people, roles,
 * names, absences, digests, the team's settings: every action named `team_…`), newest first.
 */
export async function teamHistory(db: Kysely<Tables>, limit = 30): Promise<TeamHistoryEntry[]> {
  const rows = await db
    .selectFrom('staff_audit')
    .select(['at', 'actor', 'action', 'detail'])
    .where(sql<boolean>`action LIKE ${'team_%'}`)
    .where('lead_id', 'is', null)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    at: Number(row.at),
    actor: row.actor,
    action: row.action,
    detail: row.detail,
  }));
}
