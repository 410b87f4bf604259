import { sql, type Kysely, type Selectable } from 'kysely';

import type { TeamHistoryEntry } from '#contracts/staff/team.ts';
import type { Tables } from '#server/db/schema.ts';
import type { DbScope } from '#server/db/scope.ts';
import type { StaffPeopleTable } from '#server/db/tables/team.ts';

/** What a person may change of their own, or a responsable of anyone's (./personal.ts). */
export type PersonalChange = Partial<
  Pick<
    Selectable<StaffPeopleTable>,
    'first_name' | 'last_name' | 'absent_from' | 'absent_until' | 'digest'
  >
>;

/**
 * The team page's additions and « Mon compte » (ADR 0044): a person's name, absence and digest
 * (`staff_people`), the people the per-person counters list, and the team's changes in the
 * audit trail. Built on the database, or on a transaction's scope to write inside it.
 */
export class PersonalStore {
  readonly #db: Kysely<Tables>;

  constructor(scope: DbScope) {
    this.#db = scope.db;
  }

  async update(id: string, change: PersonalChange, now: number): Promise<void> {
    await this.#db
      .updateTable('staff_people')
      .set({ ...change, changed_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Everyone, by name, for the counters' table. */
  people() {
    return this.#db
      .selectFrom('staff_people')
      .select(['id', 'first_name', 'last_name', 'email', 'active'])
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy('email_key')
      .execute();
  }

  /**
   * « Historique de l'équipe »: the team's changes in the audit trail (people, roles, names,
   * absences, digests, the team's settings: every action named `team_…`), newest first.
   */
  async history(limit = 30): Promise<TeamHistoryEntry[]> {
    const rows = await this.#db
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
}
