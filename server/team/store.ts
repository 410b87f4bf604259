import { CompiledQuery, type Insertable, type Kysely, type Selectable } from 'kysely';

import { lockStatement } from '#server/db/advisory-locks.ts';
import type { Tables } from '#server/db/schema.ts';
import type { DbScope } from '#server/db/scope.ts';
import type { StaffPeopleTable } from '#server/db/tables/team.ts';

export type PersonRow = Selectable<StaffPeopleTable>;
export type NewPersonRow = Insertable<StaffPeopleTable>;

/** The advisory lock every change that could leave no active responsable takes (PostgreSQL). */
const RESPONSABLES_LOCK = 'team:responsables';

/**
 * The sales team's people (`staff_people`, migration 12, ADR 0044). Built on the database, or on
 * a transaction's scope to write inside it.
 */
export class TeamStore {
  readonly #db: Kysely<Tables>;
  readonly #scope: DbScope;

  constructor(scope: DbScope) {
    this.#db = scope.db;
    this.#scope = scope;
  }

  /**
   * Serialises the team's changes: on PostgreSQL (READ COMMITTED) two demotions would otherwise
   * each count two responsables and leave none, and two instances seeding STAFF_EMAILS at start
   * (or two adds of one address) would both insert it; SQLite's `BEGIN IMMEDIATE` already runs
   * write transactions one at a time. Call first in the transaction.
   */
  async lockResponsables(): Promise<void> {
    const lock = this.#scope.engine === 'postgres' ? lockStatement([RESPONSABLES_LOCK]) : undefined;
    if (lock) await this.#db.executeQuery(CompiledQuery.raw(lock));
  }

  list(): Promise<PersonRow[]> {
    return this.#db
      .selectFrom('staff_people')
      .selectAll()
      .orderBy('active', 'desc')
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy('email_key')
      .execute();
  }

  byKey(emailKey: string): Promise<PersonRow | undefined> {
    return this.#db
      .selectFrom('staff_people')
      .selectAll()
      .where('email_key', '=', emailKey)
      .executeTakeFirst();
  }

  byId(id: string): Promise<PersonRow | undefined> {
    return this.#db.selectFrom('staff_people').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async activeResponsables(): Promise<number> {
    const row = await this.#db
      .selectFrom('staff_people')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('role', '=', 'responsable')
      .where('active', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(person: NewPersonRow): Promise<void> {
    await this.#db.insertInto('staff_people').values(person).execute();
  }

  async update(
    id: string,
    change: Partial<Pick<PersonRow, 'role' | 'active'>>,
    now: number,
  ): Promise<void> {
    await this.#db
      .updateTable('staff_people')
      .set({ ...change, changed_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** The person's role and e-mail when they are active (what a sign-in and a session check). */
  async active(emailKey: string): Promise<PersonRow | undefined> {
    return this.#db
      .selectFrom('staff_people')
      .selectAll()
      .where('email_key', '=', emailKey)
      .where('active', '=', 1)
      .executeTakeFirst();
  }
}
