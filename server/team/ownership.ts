import { personName, type LeadOwner, type StaffIdentity } from '#contracts/staff/contract.ts';
import { inTransaction } from '#server/db/connection.ts';
import type { Database } from '#server/db/database.ts';
import { scopeOf, type DbScope } from '#server/db/scope.ts';
import { type AbsenceClock, LeadAccess } from './access.ts';
import { isAbsentOn, parisDateOf } from './assignment-rule.ts';
import { changeOwner } from './owner-change.ts';
import { type PersonRow, TeamStore } from './store.ts';

/** Why « Je la prends » or « Confier à … » was refused (French in ./messages.ts). */
type OwnershipRefusal = 'not-found' | 'owned' | 'not-owner' | 'inactive-person' | 'stale';
export type OwnershipOutcome =
  | { ok: true; owner: LeadOwner | null }
  | { ok: false; reason: OwnershipRefusal; ownerName?: string };

const ownerOf = (person: PersonRow): LeadOwner => ({
  id: person.id,
  name: personName({
    firstName: person.first_name,
    lastName: person.last_name,
    email: person.email,
  }),
});

interface LeadFacts {
  owner: PersonRow | undefined;
  ownerId: string | null;
  dueAt: number;
}

/**
 * « Je la prends » and « Confier à … » (ADR 0045), each one transaction: the request must be
 * visible to the person (else answered as unknown), the act allowed, and the owner still the
 * one read (compare-and-set in `changeOwner`), else a 409 the person can act on.
 */
export class OwnershipService {
  readonly #database: Database;
  readonly #absences: AbsenceClock | undefined;

  /** `absences`: the company's calendar, so that an absent colleague's requests can be taken. */
  constructor(database: Database, absences?: AbsenceClock) {
    this.#database = database;
    this.#absences = absences;
  }

  /**
   * Allowed when the request is unassigned, when its owner is inactive, or absent today with
   * the request falling due before the absence ends; or to a responsable.
   */
  take(staff: StaffIdentity, leadId: string, now: number): Promise<OwnershipOutcome> {
    return this.#inLead(staff, leadId, async (scope, lead) => {
      if (lead.ownerId === staff.id && lead.owner) return { ok: true, owner: ownerOf(lead.owner) };
      if (staff.role !== 'responsable' && !takeable(lead, now)) {
        return { ok: false, reason: 'owned', ownerName: lead.owner && ownerOf(lead.owner).name };
      }
      return this.#move(scope, lead, staff.id, staff.email, now, false);
    });
  }

  /** By the request's owner or a responsable, only to an active person. */
  handOver(
    staff: StaffIdentity,
    leadId: string,
    personId: string,
    now: number,
  ): Promise<OwnershipOutcome> {
    return this.#inLead(staff, leadId, async (scope, lead) => {
      if (staff.role !== 'responsable' && lead.ownerId !== staff.id) {
        return { ok: false, reason: 'not-owner' };
      }
      if (lead.ownerId === personId && lead.owner) return { ok: true, owner: ownerOf(lead.owner) };
      return this.#move(scope, lead, personId, staff.email, now, personId !== staff.id);
    });
  }

  async #move(
    scope: DbScope,
    lead: LeadFacts & { id: string },
    personId: string,
    actor: string,
    now: number,
    notify: boolean,
  ): Promise<OwnershipOutcome> {
    const person = await new TeamStore(scope).byId(personId);
    if (!person || person.active !== 1) return { ok: false, reason: 'inactive-person' };
    const webhooks = this.#database.webhookEvents;
    const changed = await changeOwner(scope, {
      leadId: lead.id,
      from: lead.ownerId,
      to: person,
      actor,
      now,
      webhooks,
      notify,
    });
    return changed ? { ok: true, owner: ownerOf(person) } : { ok: false, reason: 'stale' };
  }

  #inLead(
    staff: StaffIdentity,
    leadId: string,
    act: (scope: DbScope, lead: LeadFacts & { id: string }) => Promise<OwnershipOutcome>,
  ): Promise<OwnershipOutcome> {
    return inTransaction(this.#database, async (trx) => {
      const scope = scopeOf(this.#database, trx);
      if (!(await new LeadAccess(scope, this.#absences).canSee(staff, leadId))) {
        return { ok: false, reason: 'not-found' };
      }
      const row = await trx
        .selectFrom('leads')
        .select(['owner_id', 'due_at', 'created_at'])
        .where('id', '=', leadId)
        .executeTakeFirst();
      if (!row) return { ok: false, reason: 'not-found' };
      const owner = row.owner_id ? await new TeamStore(scope).byId(row.owner_id) : undefined;
      const dueAt = Number(row.due_at ?? row.created_at);
      return act(scope, { id: leadId, owner, ownerId: row.owner_id, dueAt });
    });
  }
}

/** Anyone may take it: unassigned, its owner gone, or absent when it falls due. */
function takeable(lead: LeadFacts, now: number): boolean {
  const { owner } = lead;
  if (lead.ownerId === null || !owner || owner.active !== 1) return true;
  return (
    isAbsentOn(owner, parisDateOf(now)) &&
    owner.absent_until !== null &&
    parisDateOf(lead.dueAt) <= owner.absent_until
  );
}
