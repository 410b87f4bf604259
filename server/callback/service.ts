import type {
  CallRecord,
  Counters,
  FirstCallWindow,
  LeadDetail,
  LeadPage,
  RowClock,
} from '#contracts/staff/contract.ts';
import type { ContactChoice } from '#contracts/contact/contact-choice.ts';
import type { LeadStatus } from '#server/db/schema.ts';
import { hasChosenSlots } from '#contracts/contact/choice-records.ts';
import type { DueBound } from './clock-sql.ts';
import {
  callWindow,
  dueAt,
  latestReceivedDueBy,
  workingTimeBetween,
  type CallbackCalendar,
} from './calendar.ts';
import type {
  CallbackStore,
  CallLogGuard,
  ReceivedLead,
  RecordCallResult,
  UncalledLead,
} from './store.ts';
import type { CallOutcome } from '#server/db/tables/callback.ts';
import { callFactsOf, NO_CALLS, rowClock } from './call-facts.ts';
import { leadHistory } from './history.ts';
import { nextChosenSlot } from './slots.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Décret 2022-1313: at most four calls to one consumer in 30 days. */
const CALLS_WINDOW_MS = 30 * DAY_MS;

export interface DueLead extends UncalledLead {
  dueAt: number;
}

/** A request as the clock reads it: its reception, status and stored due time. */
export interface ClockedLead {
  id: string;
  createdAt: number;
  status: LeadStatus;
  dueAt: number | null;
}

/** What the clock adds to a page of the inbox's list (server/inbox/service.ts). */
export interface ListClockFields {
  /** A listed row's clock (due time, reached, attempts), from its calls' facts. */
  clockOf(row: ClockedLead): RowClock;
  timeZone: string;
  /** How many requests still to call back are past due. */
  overdue: number;
}

/** What the clock adds to a request's page (server/inbox/service.ts). */
export type PageClockFields = Pick<
  LeadPage,
  'clock' | 'chosenSlot' | 'now' | 'timeZone' | 'calls' | 'history' | 'callsLast30Days' | 'window'
>;

/**
 * The call-back clock as the staff API, the CLI and the digest use it: the store's facts joined
 * with the calendar, at the time the injected clock gives (the real one in production). The
 * inbox's pages (server/inbox/service.ts) take their clock's fields from it.
 */
export class CallbackService {
  readonly calendar: CallbackCalendar;
  readonly clock: () => number;
  readonly #calls: CallbackStore;

  constructor(
    stores: { callback: CallbackStore },
    calendar: CallbackCalendar,
    clock: () => number,
  ) {
    this.#calls = stores.callback;
    this.calendar = calendar;
    this.clock = clock;
  }

  dueAt(receivedAt: number): number {
    return dueAt(receivedAt, this.calendar);
  }

  /** The bound of the requests due by `moment`: their stored due time, else their reception. */
  dueBound(moment: number, inclusive: boolean): DueBound {
    return {
      dueBy: moment,
      receivedBy: latestReceivedDueBy(moment, this.calendar, inclusive),
      inclusive,
    };
  }

  /**
   * The clock's fields of the inbox's list at `now`: the listed rows' clocks (their calls' facts
   * read in one grouped query) and the number of requests past due (`dueBound(now, false)`).
   */
  async listFields(leadIds: readonly string[], now: number): Promise<ListClockFields> {
    const facts = await this.#calls.callFacts(leadIds);
    const overdue = await this.#calls.countUncalledDueBy(this.dueBound(now, false));
    return {
      clockOf: (row) => rowClock(row, facts.get(row.id) ?? NO_CALLS, this.calendar),
      timeZone: this.calendar.timeZone,
      overdue,
    };
  }

  /**
   * The clock's fields of a request's page at `now`: its clock, its calls and history, the call
   * window now and, when the person chose days or slots, whether now is inside one of them, else
   * when the next starts.
   */
  async pageFields(
    lead: ClockedLead & Pick<LeadDetail, 'notes' | 'audit'> & { choice: ContactChoice },
    now: number,
  ): Promise<PageClockFields> {
    const calls = await this.#calls.callsOf(lead.id);
    const { choice } = lead;
    const slot = hasChosenSlots(choice)
      ? nextChosenSlot(now, choice, this.calendar, 'not-ended')
      : undefined;
    return {
      clock: rowClock(lead, callFactsOf(calls), this.calendar),
      chosenSlot: !hasChosenSlots(choice)
        ? null
        : slot !== undefined && slot.start <= now
          ? { inside: true, endsAt: slot.end }
          : { inside: false, nextStartsAt: slot?.start ?? null },
      now,
      timeZone: this.calendar.timeZone,
      calls,
      history: leadHistory(calls, lead.notes, lead.audit),
      // Every attempt counts, whatever its outcome; a written answer is no call.
      callsLast30Days: calls.filter(
        (call) => call.outcome !== 'repondu_email' && call.at > now - CALLS_WINDOW_MS,
      ).length,
      window: callWindow(now, this.calendar),
    };
  }

  /** The calls of each of these requests, oldest first (absent: never called): the export's. */
  callsOfLeads(leadIds: readonly string[]): Promise<Map<string, CallRecord[]>> {
    return this.#calls.callsOfLeads(leadIds);
  }

  /**
   * Records a call by `staff` now: `not-found` when the request does not exist, `email-only`
   * (nothing recorded) for a phone outcome when the person asked for the e-mail only; `guard`'s
   * conflict (nothing recorded) when it refuses (the calling marks, ADR 0047).
   */
  recordCall(
    leadId: string,
    outcome: CallOutcome,
    note: string,
    staff: string,
    guard?: CallLogGuard,
  ): Promise<RecordCallResult> {
    return this.#calls.recordCall({ leadId, outcome, note, staff, now: this.clock() }, guard);
  }

  /**
   * The requests still to call back that are due by `dueBy` (inclusive), soonest first: the
   * digest's list and `npm run leads -- due`.
   */
  async dueBy(dueBy: number): Promise<DueLead[]> {
    const leads = await this.#calls.uncalledDueBy(this.dueBound(dueBy, true));
    return leads
      .map((lead) => ({ ...lead, dueAt: lead.storedDueAt ?? this.dueAt(lead.createdAt) }))
      .sort((a, b) => a.dueAt - b.dueAt || a.createdAt - b.createdAt);
  }

  /** The call-back counters over 30 and 90 days at `now`, next to the inbox's (its counters). */
  async counterFields(now: number): Promise<Pick<Counters, 'firstCall' | 'promiseHours'>> {
    const firstCall: FirstCallWindow[] = [];
    for (const days of [30, 90]) {
      const rows = await this.#calls.receivedSince(now - days * DAY_MS);
      firstCall.push(firstCallStats(rows, now, days, this.calendar));
    }
    return { firstCall, promiseHours: this.calendar.promiseHours };
  }

  /**
   * The same figures per owner over `days` days at `now` (the team page's counters, ADR 0044):
   * how many of the requests received they own, the share reached within the promise and the
   * median time to the first reach. Unassigned requests count for nobody.
   */
  async countersByOwner(now: number, days: number): Promise<Map<string, OwnerFigures>> {
    const byOwner = new Map<string, ReceivedLead[]>();
    for (const row of await this.#calls.receivedSince(now - days * DAY_MS)) {
      if (row.ownerId !== null)
        byOwner.set(row.ownerId, [...(byOwner.get(row.ownerId) ?? []), row]);
    }
    const figures = new Map<string, OwnerFigures>();
    for (const [ownerId, rows] of byOwner) {
      const { withinPromiseShare, medianMs } = firstCallStats(rows, now, days, this.calendar);
      figures.set(ownerId, { received: rows.length, withinPromiseShare, medianMs });
    }
    return figures;
  }
}

/** One owner's figures over a window (`countersByOwner`). */
export interface OwnerFigures {
  received: number;
  withinPromiseShare: FirstCallWindow['withinPromiseShare'];
  medianMs: FirstCallWindow['medianMs'];
}

/**
 * Whether the person was reached in time (ADR 0029): within the promise's working hours from the
 * reception, or by the stored due time, and then, when the person chose days or slots, not
 * before the chosen slot that due time ends (a call in the slot asked for, not one earlier).
 */
export function reachedInTime(
  row: Pick<ReceivedLead, 'createdAt' | 'dueAt' | 'choice'> & { reachedAt: number },
  calendar: CallbackCalendar,
): boolean {
  const promiseMs = calendar.promiseHours * 60 * 60 * 1000;
  if (workingTimeBetween(row.createdAt, row.reachedAt, calendar) <= promiseMs) return true;
  if (row.dueAt === null || row.reachedAt > row.dueAt) return false;
  if (!hasChosenSlots(row.choice)) return true;
  const slot = nextChosenSlot(row.dueAt - 1, row.choice, calendar, 'not-ended');
  // A due time that is no slot's end any more (the settings changed): the due time alone.
  return slot === undefined || slot.end !== row.dueAt || row.reachedAt >= slot.start;
}

/**
 * The median working time to reaching the person (of the requests reached), and the share
 * reached in time (`reachedInTime`) among the requests reached or open and already past their
 * due time without being reached (unanswered attempts do not count as reached: ADR 0028).
 */
export function firstCallStats(
  rows: ReadonlyArray<Omit<ReceivedLead, 'ownerId'>>,
  now: number,
  days: number,
  calendar: CallbackCalendar,
): FirstCallWindow {
  const times: number[] = [];
  let considered = 0;
  let within = 0;
  for (const row of rows) {
    if (row.reachedAt !== null) {
      times.push(workingTimeBetween(row.createdAt, row.reachedAt, calendar));
      considered += 1;
      if (reachedInTime({ ...row, reachedAt: row.reachedAt }, calendar)) within += 1;
    } else if (row.open && (row.dueAt ?? dueAt(row.createdAt, calendar)) < now) {
      considered += 1;
    }
  }
  times.sort((a, b) => a - b);
  const middle = Math.floor(times.length / 2);
  const medianMs =
    times.length === 0
      ? null
      : times.length % 2 === 1
        ? (times[middle] ?? 0)
        : Math.round(((times[middle - 1] ?? 0) + (times[middle] ?? 0)) / 2);
  return {
    days,
    medianMs,
    withinPromiseShare: considered === 0 ? null : within / considered,
    considered,
  };
}
