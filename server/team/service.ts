import { randomUUID } from 'node:crypto';

import { personName, type StaffIdentity } from '#contracts/staff/contract.ts';
import type { NewPerson, TeamPerson } from '#contracts/staff/team.ts';
import { inTransaction } from '#server/db/connection.ts';
import type { Database } from '#server/db/database.ts';
import { appendAudit } from '#server/db/records/audit.ts';
import { emailKey } from '#server/db/records/lead.ts';
import type { AuditAction } from '#server/db/schema.ts';
import { scopeOf } from '#server/db/scope.ts';
import type { TeamRole } from '#server/db/tables/team.ts';
import { StaffAuthStore } from '#server/staff/index.ts';
import { reassignOpenRequests, type Reprise } from './reassign.ts';
import { type PersonRow, TeamStore } from './store.ts';

/** Why a change was refused: the routes and the CLI give each its French message. */
export type TeamRefusal = 'not-found' | 'exists' | 'last-responsable' | 'invalid-reprise';
export type TeamOutcome = { ok: true; person: TeamPerson } | { ok: false; reason: TeamRefusal };

function toPerson(row: PersonRow): TeamPerson {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    active: row.active === 1,
  };
}

function identityOf(row: PersonRow): StaffIdentity {
  const name = personName({ firstName: row.first_name, lastName: row.last_name, email: row.email });
  return { id: row.id, email: row.email, name, role: row.role };
}

type Change = { role: TeamRole } | { active: boolean };

/**
 * The sales team (ADR 0044): who may sign in and with which role. Every change is one
 * transaction with its audit entry; a change that could leave no active responsable takes the
 * team's lock first and is refused if it would; deactivating someone revokes every session of
 * theirs in the same transaction, so their next request, on any instance, answers 401.
 */
export class TeamService {
  readonly #database: Database;
  readonly #people: TeamStore;

  constructor(database: Database) {
    this.#database = database;
    this.#people = new TeamStore(database);
  }

  async list(): Promise<TeamPerson[]> {
    return (await this.#people.list()).map(toPerson);
  }

  /** The active person of `email`, with their role (the staff sign-in's and session's check). */
  async activePerson(email: string): Promise<StaffIdentity | undefined> {
    const row = await this.#people.active(emailKey(email));
    return row && identityOf(row);
  }

  /** STAFF_EMAILS at start: each listed address is (made) an active responsable. */
  async ensureResponsables(emails: readonly string[], now: number): Promise<void> {
    for (const email of emails) {
      const key = emailKey(email);
      if (key === '') continue;
      await inTransaction(this.#database, async (trx) => {
        const people = new TeamStore(scopeOf(this.#database, trx));
        // Instances starting together on one database seed the same addresses: one at a time.
        await people.lockResponsables();
        const found = await people.byKey(key);
        if (!found) {
          await people.insert(
            newRow({ firstName: '', lastName: '', email, role: 'responsable' }, now),
          );
        } else if (found.role !== 'responsable' || found.active !== 1) {
          await people.update(found.id, { role: 'responsable', active: 1 }, now);
        } else return;
        await audit(trx, 'operator', found ? 'team_role' : 'team_add', key, now);
      });
    }
  }

  async add(person: NewPerson, actor: string, now: number): Promise<TeamOutcome> {
    return inTransaction(this.#database, async (trx) => {
      const people = new TeamStore(scopeOf(this.#database, trx));
      // Two adds of one address at once: the second finds the first's row, no unique violation.
      await people.lockResponsables();
      if (await people.byKey(emailKey(person.email))) return { ok: false, reason: 'exists' };
      const row = newRow(person, now);
      await people.insert(row);
      await audit(trx, actor, 'team_add', `${row.email_key} ${row.role}`, now);
      return { ok: true, person: toPerson(row) };
    });
  }

  changeRole(id: string, role: TeamRole, actor: string, now: number): Promise<TeamOutcome> {
    return this.#change(id, { role }, actor, now);
  }

  /**
   * Ends the person's access and, in the same transaction, hands their open requests to
   * `reprise`: back to the rule (the default) or to one active colleague (ADR 0045).
   */
  deactivate(
    id: string,
    actor: string,
    now: number,
    reprise: Reprise = { rule: true },
  ): Promise<TeamOutcome> {
    return this.#change(id, { active: false }, actor, now, reprise);
  }

  reactivate(id: string, actor: string, now: number): Promise<TeamOutcome> {
    return this.#change(id, { active: true }, actor, now);
  }

  /** One change of a person, under the team's lock, refused if no active responsable would stay. */
  #change(
    id: string,
    change: Change,
    actor: string,
    now: number,
    reprise?: Reprise,
  ): Promise<TeamOutcome> {
    return inTransaction(this.#database, async (trx) => {
      const scope = scopeOf(this.#database, trx);
      const people = new TeamStore(scope);
      await people.lockResponsables();
      const found = await people.byId(id);
      if (!found) return { ok: false, reason: 'not-found' };
      const next: PersonRow = {
        ...found,
        ...('role' in change ? { role: change.role } : { active: change.active ? 1 : 0 }),
      };
      const losesResponsable =
        found.role === 'responsable' &&
        found.active === 1 &&
        (next.role !== 'responsable' || next.active !== 1);
      if (losesResponsable && (await people.activeResponsables()) <= 1) {
        return { ok: false, reason: 'last-responsable' };
      }
      if (reprise && found.active === 1) {
        const webhooks = this.#database.webhookEvents;
        const moved = await reassignOpenRequests(scope, {
          personId: id,
          reprise,
          actor,
          now,
          webhooks,
        });
        if (moved === 'invalid') return { ok: false, reason: 'invalid-reprise' };
      }
      await people.update(id, { role: next.role, active: next.active }, now);
      if (found.active === 1 && next.active === 0) {
        await new StaffAuthStore(scope).revokeSessionsOf(found.email_key, now);
      }
      await audit(trx, actor, actionOf(change), detailOf(next, change), now);
      return { ok: true, person: toPerson({ ...next, changed_at: now }) };
    });
  }
}

function newRow(person: NewPerson, now: number): PersonRow {
  return {
    id: randomUUID(),
    first_name: person.firstName.trim(),
    last_name: person.lastName.trim(),
    email_key: emailKey(person.email),
    email: person.email.trim(),
    role: person.role,
    active: 1,
    created_at: now,
    changed_at: now,
    last_assigned_at: 0,
    absent_from: null,
    absent_until: null,
    digest: 1,
  };
}

function actionOf(change: Change): AuditAction {
  if ('role' in change) return 'team_role';
  return change.active ? 'team_reactivate' : 'team_deactivate';
}

/** The audit entry's detail: the person's e-mail key, and the new role for a role change. */
function detailOf(person: PersonRow, change: Change): string {
  return 'role' in change ? `${person.email_key} ${change.role}` : person.email_key;
}

function audit(
  trx: Parameters<typeof appendAudit>[0],
  actor: string,
  action: AuditAction,
  detail: string,
  now: number,
): Promise<void> {
  return appendAudit(trx, { at: now, actor, action, leadId: null, detail });
}
