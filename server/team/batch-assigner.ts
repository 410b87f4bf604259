import { type CompiledQuery, type Kysely, sql } from 'kysely';

import { personName } from '#contracts/staff/contract.ts';
import type { ReadRow } from '#server/db/batch-statements.ts';
import type { Tables } from '#server/db/schema.ts';
import type { AssignedOwner, AssignmentBatch, LeadAssigner } from '#server/leads/index.ts';
import {
  type AssignmentRule,
  type Candidate,
  SnapshotAssigner,
  type TeamSnapshot,
} from './assignment-rule.ts';

/** The advisory lock of the team's turns (PostgreSQL): every reader-then-writer of them takes it. */
export const ASSIGNMENT_LOCK = 'team:assignment';

interface Named extends Candidate {
  first_name: string;
  last_name: string;
  name: string;
  email: string;
}

/**
 * The team's side of the assignment of new requests (ADR 0045), injected into the lead
 * capability (`LeadAssigner`): one statement reads the active people with the rule and the
 * départements they cover; one statement writes the turns of those who got a request.
 */
export const teamAssigner: LeadAssigner = {
  lockName: ASSIGNMENT_LOCK,
  batch: () => new TeamAssignmentBatch(),
};

/** The read of the team for a batch: active people, each joined to the départements they cover. */
export function teamRead(db: Kysely<Tables>): CompiledQuery {
  return db
    .selectFrom('staff_people as p')
    .leftJoin('team_departements as d', 'd.person_id', 'p.id')
    .select([
      'p.id',
      'p.role',
      'p.active',
      'p.created_at',
      'p.last_assigned_at',
      'p.absent_from',
      'p.absent_until',
      'p.first_name',
      'p.last_name',
      'p.email',
      'd.departement',
    ])
    .select((eb) =>
      eb.selectFrom('team_settings').select('assignment_rule').where('id', '=', 1).as('rule'),
    )
    .where('p.active', '=', 1)
    .compile();
}

/** The team as the rule sees it, from `teamRead`'s rows (numbers as JSON or the driver gives them). */
export function snapshotOf(rows: readonly ReadRow[]): TeamSnapshot & { named: Map<string, Named> } {
  const named = new Map<string, Named>();
  const departements = new Map<string, string>();
  let rule: AssignmentRule = 'chacun_son_tour';
  for (const row of rows) {
    const id = String(row.id);
    if (row.rule) rule = row.rule as AssignmentRule;
    if (row.departement) departements.set(String(row.departement), id);
    if (named.has(id)) continue;
    const [firstName, lastName, email] = [row.first_name, row.last_name, row.email].map(String);
    named.set(id, {
      id,
      role: row.role === 'responsable' ? 'responsable' : 'commercial',
      active: Number(row.active),
      created_at: Number(row.created_at),
      last_assigned_at: Number(row.last_assigned_at),
      absent_from: row.absent_from == null ? null : String(row.absent_from),
      absent_until: row.absent_until == null ? null : String(row.absent_until),
      first_name: firstName ?? '',
      last_name: lastName ?? '',
      name: personName({
        firstName: firstName ?? '',
        lastName: lastName ?? '',
        email: email ?? '',
      }),
      email: email ?? '',
    });
  }
  return { rule, people: [...named.values()], departements, named };
}

/** `UPDATE staff_people SET last_assigned_at = CASE id …`: the turns of those who got one. */
export function turnsWrite(
  db: Kysely<Tables>,
  turns: ReadonlyMap<string, number>,
): CompiledQuery[] {
  if (turns.size === 0) return [];
  const cases = [...turns].map(([id, at]) => sql`WHEN ${id} THEN CAST(${at} AS BIGINT)`);
  return [
    db
      .updateTable('staff_people')
      .set({ last_assigned_at: sql<number>`CASE id ${sql.join(cases, sql` `)} END` })
      .where('id', 'in', [...turns.keys()])
      .compile(),
  ];
}

class TeamAssignmentBatch implements AssignmentBatch {
  #assigner: SnapshotAssigner | undefined;
  #named = new Map<string, Named>();

  reads(db: Kysely<Tables>) {
    return {
      statements: [teamRead(db)],
      apply: (results: ReadonlyArray<readonly ReadRow[]>) => {
        const snapshot = snapshotOf(results[0] ?? []);
        this.#named = snapshot.named;
        this.#assigner = new SnapshotAssigner(snapshot);
      },
    };
  }

  assign(adresse: string, now: number): AssignedOwner | null {
    const id = this.#assigner?.assign(adresse, now);
    const person = id ? this.#named.get(id) : undefined;
    return person ? { id: person.id, name: person.name, email: person.email } : null;
  }

  writes(db: Kysely<Tables>): CompiledQuery[] {
    return turnsWrite(db, this.#assigner?.assigned() ?? new Map());
  }
}
