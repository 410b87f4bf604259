import type { Absence, TeamPerson } from '#contracts/staff/team.ts';
import { inTransaction } from '#server/db/connection.ts';
import type { Database } from '#server/db/database.ts';
import { appendAudit } from '#server/db/records/audit.ts';
import type { AuditAction } from '#server/db/schema.ts';
import { scopeOf } from '#server/db/scope.ts';
import { PersonalStore, type PersonalChange } from './personal-store.ts';
import { type PersonRow, TeamStore } from './store.ts';
import { toPerson } from './service.ts';

/** The person after the change, or undefined when there is no such person. */
export type PersonalOutcome = TeamPerson | undefined;

/**
 * What each person may change of their own (« Mon compte ») and a responsable of anyone's
 * (ADR 0044): the name, the absence, the morning digest. Each change is one transaction with
 * its audit entry (who, what, when); who may make it is the routes' concern.
 */
export class PersonalService {
  readonly #database: Database;

  constructor(database: Database) {
    this.#database = database;
  }

  async person(id: string): Promise<{ person: TeamPerson; digest: boolean } | undefined> {
    const row = await new TeamStore(this.#database).byId(id);
    return row && { person: toPerson(row), digest: row.digest === 1 };
  }

  rename(id: string, name: { firstName: string; lastName: string }, actor: string, now: number) {
    const change = { first_name: name.firstName.trim(), last_name: name.lastName.trim() };
    return this.#change(id, change, actor, now, 'team_name', (row) => row.email_key);
  }

  /** Sets (`absence`) or ends (`null`) the person's absence. */
  setAbsence(id: string, absence: Absence | null, actor: string, now: number) {
    const change = { absent_from: absence?.du ?? null, absent_until: absence?.au ?? null };
    const detail = (row: PersonRow) =>
      absence ? `${row.email_key} ${absence.du} ${absence.au}` : `${row.email_key} fin`;
    return this.#change(id, change, actor, now, 'team_absence', detail);
  }

  setDigest(id: string, on: boolean, actor: string, now: number) {
    const detail = (row: PersonRow) => `${row.email_key} ${on ? 'actif' : 'arrete'}`;
    return this.#change(id, { digest: on ? 1 : 0 }, actor, now, 'team_digest', detail);
  }

  #change(
    id: string,
    change: PersonalChange,
    actor: string,
    now: number,
    action: AuditAction,
    detail: (row: PersonRow) => string,
  ): Promise<PersonalOutcome> {
    return inTransaction(this.#database, async (trx) => {
      const scope = scopeOf(this.#database, trx);
      const found = await new TeamStore(scope).byId(id);
      if (!found) return undefined;
      await new PersonalStore(scope).update(id, change, now);
      await appendAudit(trx, { at: now, actor, action, leadId: null, detail: detail(found) });
      return toPerson({ ...found, ...change, changed_at: now });
    });
  }
}
