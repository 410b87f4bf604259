import { sql, type Kysely } from 'kysely';

import type { StaffIdentity } from '#contracts/staff/contract.ts';
import type { Tables } from '#server/db/schema.ts';
import type { DbScope } from '#server/db/scope.ts';

/**
 * A request anyone may take because its owner is away (ADR 0046): the owner is absent today and
 * the request falls due before the owner's return (its due time, else its reception time for a
 * request stored without one, before `dueBefore`: the start of the day after the absence).
 */
interface AbsentOwner {
  personId: string;
  dueBefore: number;
}

/**
 * What a commercial may see: with « Les commerciaux voient toutes les demandes » off, their own
 * requests, the unassigned ones and those of an absent colleague that fall due during the
 * absence (`covering`). `undefined`: no restriction.
 */
export interface OwnRestriction {
  /** The person whose requests (and the unassigned ones) alone are visible. */
  personId: string;
  covering: readonly AbsentOwner[];
}

/** Who looks at the inbox: « Mes demandes », the owner filter « moi » and the restriction. */
export interface LeadViewer {
  personId: string;
  /** Requests of absent colleagues that anyone may take (see `AbsentOwner`). */
  covering: readonly AbsentOwner[];
  /** Only their own, the unassigned and the `covering` ones are visible. */
  restricted: boolean;
}

/** The company's calendar as the absences need it: today's date, and when a date ends. */
export interface AbsenceClock {
  /** The company's date now (`YYYY-MM-DD`). */
  today(): string;
  /** The moment the day after `date` starts (local midnight). */
  dayAfter(date: string): number;
}

/**
 * The condition, on `leads`, of a request the viewer may take or see when restricted: nobody's,
 * theirs, or an absent colleague's falling due during the absence.
 */
export function takableBy(viewer: Pick<LeadViewer, 'personId' | 'covering'>) {
  const covered = viewer.covering.map(
    (absent) =>
      sql<boolean>`(leads.owner_id = ${absent.personId} AND coalesce(leads.due_at, leads.created_at) < ${absent.dueBefore})`,
  );
  return sql<boolean>`(${sql.join(
    [sql`leads.owner_id IS NULL`, sql`leads.owner_id = ${viewer.personId}`, ...covered],
    sql` OR `,
  )})`;
}

/**
 * Who sees which request (ADR 0044, ADR 0046). A responsable sees every request; a commercial
 * too while the team setting « Les commerciaux voient toutes les demandes » is on (the default);
 * off, a commercial sees their own requests, the unassigned ones and an absent colleague's that
 * fall due during the absence, and anything else must answer exactly as a request that does not
 * exist (the API and the pages: list, search, page, export, every action).
 */
export class LeadAccess {
  readonly #db: Kysely<Tables>;
  readonly #absences: AbsenceClock | undefined;

  /** Without `absences`, no request is handed over for an absence. */
  constructor(scope: DbScope, absences?: AbsenceClock) {
    this.#db = scope.db;
    this.#absences = absences;
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

  /** The active people absent today, with the bound before which their requests are covered. */
  async absentOwners(): Promise<AbsentOwner[]> {
    const clock = this.#absences;
    if (!clock) return [];
    const today = clock.today();
    const rows = await this.#db
      .selectFrom('staff_people')
      .select(['id', 'absent_until'])
      .where('active', '=', 1)
      .where('absent_from', '<=', today)
      .where('absent_until', '>=', today)
      .execute();
    return rows.map((row) => ({
      personId: row.id,
      dueBefore: clock.dayAfter(row.absent_until ?? today),
    }));
  }

  /** Who `staff` is to the inbox: their id, the covered absences, whether they are restricted. */
  async viewerOf(staff: StaffIdentity): Promise<LeadViewer> {
    const covering = await this.absentOwners();
    const restricted = staff.role !== 'responsable' && !(await this.commerciauxSeeAll());
    return { personId: staff.id, covering, restricted };
  }

  /** The restriction the lists, the search and the export apply for `staff`, if any. */
  async restrictionFor(staff: StaffIdentity): Promise<OwnRestriction | undefined> {
    const viewer = await this.viewerOf(staff);
    return viewer.restricted ? { personId: staff.id, covering: viewer.covering } : undefined;
  }

  /** Whether `staff` may see (and act on) request `leadId`; false as well when it does not exist. */
  async canSee(staff: StaffIdentity, leadId: string): Promise<boolean> {
    const restriction = await this.restrictionFor(staff);
    let query = this.#db.selectFrom('leads').select('id').where('id', '=', leadId);
    if (restriction) query = query.where(takableBy(restriction));
    return (await query.executeTakeFirst()) !== undefined;
  }

  /**
   * Whether request `leadId` is hidden from `staff`: they are restricted and it is not theirs to
   * see, or does not exist. Unrestricted, nothing is hidden (a route still answers for a request
   * erased since, as the webhook's events of one do).
   */
  async hides(staff: StaffIdentity, leadId: string): Promise<boolean> {
    const restriction = await this.restrictionFor(staff);
    if (!restriction) return false;
    const visible = await this.#db
      .selectFrom('leads')
      .select('id')
      .where('id', '=', leadId)
      .where(takableBy(restriction))
      .executeTakeFirst();
    return visible === undefined;
  }
}
