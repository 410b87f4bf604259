import type { Kysely } from 'kysely';

import type { StaffIdentity } from '#contracts/staff/contract.ts';
import type { Tables } from '#server/db/schema.ts';
import type { DbScope } from '#server/db/scope.ts';

/**
 * What a commercial may not see: with « Les commerciaux voient toutes les demandes » off, every
 * request but their own and the unassigned ones. `undefined`: no restriction.
 */
export interface OwnRestriction {
  /** The person whose requests (and the unassigned ones) alone are visible. */
  personId: string;
}

/**
 * Who sees which request (ADR 0044). A responsable sees every request; a commercial too while
 * the team setting « Les commerciaux voient toutes les demandes » is on (the default); off, a
 * commercial sees their own requests and the unassigned ones, and anything else must answer
 * exactly as a request that does not exist (the API and the pages: list, search, page, export,
 * every action).
 */
export class LeadAccess {
  readonly #db: Kysely<Tables>;

  constructor(scope: DbScope) {
    this.#db = scope.db;
  }

  /** The team setting « Les commerciaux voient toutes les demandes ». */
  async commerciauxSeeAll(): Promise<boolean> {
    const row = await this.#db
      .selectFrom('team_settings')
      .select('commerciaux_see_all')
      .where('id', '=', 1)
      .executeTakeFirst();
    return row?.commerciaux_see_all !== 0;
  }

  /** The restriction the lists, the search and the export apply for `staff`, if any. */
  async restrictionFor(staff: StaffIdentity): Promise<OwnRestriction | undefined> {
    if (staff.role === 'responsable' || (await this.commerciauxSeeAll())) return undefined;
    return { personId: staff.id };
  }

  /** Whether `staff` may see (and act on) request `leadId`; false as well when it does not exist. */
  async canSee(staff: StaffIdentity, leadId: string): Promise<boolean> {
    const lead = await this.#db
      .selectFrom('leads')
      .select('owner_id')
      .where('id', '=', leadId)
      .executeTakeFirst();
    if (!lead) return false;
    const restriction = await this.restrictionFor(staff);
    return !restriction || lead.owner_id === null || lead.owner_id === restriction.personId;
  }
}
