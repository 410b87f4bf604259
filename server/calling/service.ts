import type { CallConflict, CallMark } from '#contracts/staff/calling.ts';
import type { StaffIdentity } from '#contracts/staff/contract.ts';
import { formatClockTime } from '#contracts/staff/callback-format.ts';
import type { DbScope } from '#server/db/scope.ts';
import type { LeadAccess } from '#server/team/index.ts';
import { CALLING_WORDS } from './messages.ts';
import { CallMarkStore } from './store.ts';

/** How long a mark holds without a call logged: ten minutes. */
const CALL_MARK_MS = 10 * 60 * 1000;

interface CallingDeps {
  /** The database, as a scope (the marks' store is built on it). */
  scope: DbScope;
  access: LeadAccess;
  /** The time (ms since the epoch): the real clock in production, the test's in tests. */
  clock: () => number;
  /** How long a mark holds (default `CALL_MARK_MS`). */
  markMs?: number;
  /** The company's time zone, in which the question gives the mark's start. */
  timeZone: string;
}

/**
 * « Marie Dupont appelle… » (ADR 0047): who is calling which request now. A mark starts (or is
 * renewed) when its holder taps the number or opens the call form, holds `markMs`, and ends when
 * her call is logged; a colleague's call log in that window is refused (409) unless confirmed,
 * checked in the call log's own transaction (`callLogGuard`). Only requests the person may see
 * (LeadAccess) are marked or listed.
 */
export class CallingService {
  readonly #deps: CallingDeps;
  readonly #marks: CallMarkStore;

  constructor(deps: CallingDeps) {
    this.#deps = deps;
    this.#marks = new CallMarkStore(deps.scope);
  }

  /** Whether `staff` may see (and act on) the request; false when it does not exist. */
  canSee(staff: StaffIdentity, leadId: string): Promise<boolean> {
    return this.#deps.access.canSee(staff, leadId);
  }

  /**
   * Starts or renews `staff`'s mark on the request, unless a colleague's is live: answers who
   * holds it now; undefined when the request does not exist or is not visible to `staff`.
   */
  async start(staff: StaffIdentity, leadId: string): Promise<CallMark | undefined> {
    if (!(await this.canSee(staff, leadId))) return undefined;
    const now = this.#deps.clock();
    const until = now + (this.#deps.markMs ?? CALL_MARK_MS);
    return this.#marks.claim({ leadId, personId: staff.id, now, until });
  }

  /** The live marks of colleagues on the requests `staff` may see (never their own). */
  async live(staff: StaffIdentity): Promise<CallMark[]> {
    const restriction = await this.#deps.access.restrictionFor(staff);
    return this.#marks.liveFor(staff, this.#deps.clock(), restriction?.personId);
  }

  /**
   * What the call log runs in its transaction, after locking the request's row: a colleague's
   * live mark refuses an unconfirmed log (the question, nothing written); otherwise the caller's
   * own mark ends with the log.
   */
  callLogGuard(
    personId: string,
    confirmed: boolean,
  ): (scope: DbScope, leadId: string, now: number) => Promise<CallConflict | undefined> {
    return async (scope, leadId, now) => {
      const marks = new CallMarkStore(scope);
      const mark = await marks.liveOn(leadId, now);
      if (mark && mark.personne.id !== personId && !confirmed) {
        const since = formatClockTime(mark.depuis, this.#deps.timeZone);
        return {
          error: CALLING_WORDS.conflict(mark.personne.name, since),
          appel: { personne: mark.personne, depuis: mark.depuis },
        };
      }
      await marks.end(leadId, personId);
      return undefined;
    };
  }
}
