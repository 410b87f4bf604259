import { sql, type Kysely, type Selectable } from 'kysely';

import { choiceFromColumns } from '#contracts/contact/choice-records.ts';
import type { ContactChoice } from '#contracts/contact/contact-choice.ts';
import { REACHING_OUTCOMES } from '#contracts/staff/statuses.ts';
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

/** A request received in the window, as the call-back counters read it (server/callback). */
export interface OwnedReceived {
  ownerId: string;
  createdAt: number;
  dueAt: number | null;
  choice: ContactChoice;
  reachedAt: number | null;
  open: boolean;
}

const reaching = sql.raw(`(${REACHING_OUTCOMES.map((outcome) => `'${outcome}'`).join(', ')})`);

/**
 * The team page's additions and « Mon compte » (ADR 0044): a person's name, absence and digest
 * (`staff_people`), the owned requests the per-person counters are computed from, and the team's
 * changes in the audit trail. Built on the database, or on a transaction's scope to write inside it.
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

  /** The owned requests received since `since`, with when each person was first reached. */
  async ownedSince(since: number): Promise<OwnedReceived[]> {
    const rows = await this.#db
      .selectFrom('leads')
      .leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id')
      .select((eb) => [
        'leads.owner_id',
        'leads.created_at',
        'leads.due_at',
        'leads.contact_channel',
        'leads.contact_days',
        'leads.contact_slots',
        'lead_tracking.status',
        eb
          .selectFrom('lead_calls')
          .select((inner) => inner.fn.min('lead_calls.at').as('first'))
          .whereRef('lead_calls.lead_id', '=', 'leads.id')
          .where(sql<boolean>`lead_calls.outcome IN ${reaching}`)
          .as('reached_at'),
      ])
      .where('leads.created_at', '>=', since)
      .where('leads.owner_id', 'is not', null)
      .execute();
    return rows.map((row) => ({
      ownerId: row.owner_id ?? '',
      createdAt: row.created_at,
      dueAt: row.due_at,
      choice: choiceFromColumns(row.contact_channel, row.contact_days, row.contact_slots),
      reachedAt: row.reached_at === null ? null : Number(row.reached_at),
      open: ['nouveau', 'en_cours'].includes(row.status ?? 'nouveau'),
    }));
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
