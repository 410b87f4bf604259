import { sql, type Kysely } from 'kysely';

import { personName, type StaffIdentity } from '#contracts/staff/contract.ts';
import type { CallMark } from '#contracts/staff/calling.ts';
import type { Tables } from '#server/db/schema.ts';
import type { DbScope } from '#server/db/scope.ts';

/** What a claim asks: the request, who calls, now and until when the mark holds. */
interface MarkClaim {
  leadId: string;
  personId: string;
  now: number;
  until: number;
}

/**
 * The calling marks (`lead_call_marks`, migration 13, ADR 0047): one row per request, a staff
 * member's id and times, nothing of the visitor; the row goes with its request (ON DELETE
 * CASCADE). Built on the database, or on the call log's transaction's scope.
 */
export class CallMarkStore {
  readonly #db: Kysely<Tables>;

  constructor(scope: DbScope) {
    this.#db = scope.db;
  }

  /**
   * Takes the request's mark for `personId` unless a colleague's is live, in one statement (an
   * upsert whose update applies only to an expired mark or one's own), so two people tapping the
   * number at once on two instances cannot both hold it: the second's update finds the first's
   * live row and changes nothing. One's own live mark is renewed and keeps its start. Expired
   * marks are cleared first (the table holds live marks only, give or take ten minutes).
   * Returns who holds the mark now; undefined when the request does not exist.
   */
  async claim(claim: MarkClaim): Promise<CallMark | undefined> {
    await this.#db.deleteFrom('lead_call_marks').where('expires_at', '<=', claim.now).execute();
    const exists = await this.#db
      .selectFrom('leads')
      .select('id')
      .where('id', '=', claim.leadId)
      .executeTakeFirst();
    if (!exists) return undefined;
    try {
      await this.#upsert(claim);
    } catch (error) {
      // Erased between the look and the insert: the foreign key refused it.
      if (!(await this.#leadExists(claim.leadId))) return undefined;
      throw error;
    }
    return this.liveOn(claim.leadId, claim.now);
  }

  async #upsert({ leadId, personId, now, until }: MarkClaim): Promise<void> {
    await this.#db
      .insertInto('lead_call_marks')
      .values({ lead_id: leadId, person_id: personId, started_at: now, expires_at: until })
      .onConflict((conflict) =>
        conflict
          .column('lead_id')
          .doUpdateSet({
            // Renewing one's own live mark keeps when the call started.
            started_at: sql<number>`CASE WHEN lead_call_marks.person_id = excluded.person_id
              AND lead_call_marks.expires_at > ${now}
              THEN lead_call_marks.started_at ELSE excluded.started_at END`,
            person_id: (eb) => eb.ref('excluded.person_id'),
            expires_at: (eb) => eb.ref('excluded.expires_at'),
          })
          .where((eb) =>
            eb.or([
              eb('lead_call_marks.expires_at', '<=', now),
              eb('lead_call_marks.person_id', '=', personId),
            ]),
          ),
      )
      .execute();
  }

  async #leadExists(leadId: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('leads')
      .select('id')
      .where('id', '=', leadId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The live mark on a request, if any (whoever holds it). */
  async liveOn(leadId: string, now: number): Promise<CallMark | undefined> {
    const [mark] = await this.#live(now).where('m.lead_id', '=', leadId).execute();
    return mark ? markOf(mark) : undefined;
  }

  /**
   * The live marks of active colleagues of `viewer`, on the requests `ownOnly` leaves visible
   * (every request without it; else that person's and the unassigned ones).
   */
  async liveFor(
    viewer: Pick<StaffIdentity, 'id'>,
    now: number,
    ownOnly?: string,
  ): Promise<CallMark[]> {
    let query = this.#live(now).where('m.person_id', '<>', viewer.id);
    if (ownOnly !== undefined) {
      query = query
        .innerJoin('leads as l', 'l.id', 'm.lead_id')
        .where((eb) => eb.or([eb('l.owner_id', 'is', null), eb('l.owner_id', '=', ownOnly)]));
    }
    const rows = await query.orderBy('m.started_at').execute();
    return rows.map(markOf);
  }

  #live(now: number) {
    return this.#db
      .selectFrom('lead_call_marks as m')
      .innerJoin('staff_people as p', 'p.id', 'm.person_id')
      .select(['m.lead_id', 'm.started_at', 'p.id', 'p.first_name', 'p.last_name', 'p.email'])
      .where('m.expires_at', '>', now)
      .where('p.active', '=', 1);
  }

  /** Ends `personId`'s mark on the request (her call is logged). */
  async end(leadId: string, personId: string): Promise<void> {
    await this.#db
      .deleteFrom('lead_call_marks')
      .where('lead_id', '=', leadId)
      .where('person_id', '=', personId)
      .execute();
  }
}

function markOf(row: {
  lead_id: string;
  started_at: number;
  id: string;
  first_name: string;
  last_name: string;
  email: string;
}): CallMark {
  return {
    demande: row.lead_id,
    personne: {
      id: row.id,
      name: personName({ firstName: row.first_name, lastName: row.last_name, email: row.email }),
    },
    depuis: Number(row.started_at),
  };
}
