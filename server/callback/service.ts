import type {
  CallRecord,
  Counters,
  FirstCallWindow,
  InboxFilter,
  InboxPage,
  LeadDetail,
  LeadPage,
} from '#contracts/staff/contract.ts';
import type { LeadStatus } from '#server/db/schema.ts';
import type { LeadStore, LeadWithDelivery } from '#server/leads/index.ts';
import { hasChosenSlots } from '#contracts/contact/choice-records.ts';
import type { DueBound, InboxClockFilter, StoreInboxPage } from './inbox-sql.ts';
import {
  callWindow,
  dueAt,
  latestReceivedDueBy,
  workingTimeBetween,
  type CallbackCalendar,
} from './calendar.ts';
import type { CallbackStore, ReceivedLead, RecordCallResult, UncalledLead } from './store.ts';
import type { CallOutcome } from '#server/db/tables/callback.ts';
import { callFactsOf, NO_CALLS, rowClock } from './call-facts.ts';
import { leadHistory } from './history.ts';
import { nextChosenSlot } from './slots.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Décret 2022-1313: at most four calls to one consumer in 30 days. */
export const CALLS_WINDOW_MS = 30 * DAY_MS;

/** A request as exported: the stored request, its status, its due time and its calls. */
export type ExportedLead = LeadWithDelivery & {
  status: LeadStatus;
  dueAt: number;
  calls: CallRecord[];
};

export interface DueLead extends UncalledLead {
  dueAt: number;
}

/** What the clock reads of the inbox: the inbox's store (server/inbox), given by the composition. */
export interface InboxReads {
  searchInbox(
    filter: InboxFilter,
    pageSize: number | undefined,
    clock: InboxClockFilter,
  ): Promise<StoreInboxPage>;
  leadDetail(id: string): Promise<LeadDetail | undefined>;
  counters(now: number): Promise<Pick<Counters, 'windows'>>;
}

/**
 * The call-back clock as the staff API, the CLI and the digest use it: the store's facts joined
 * with the calendar, at the time the injected clock gives (the real one in production).
 */
export class CallbackService {
  readonly calendar: CallbackCalendar;
  readonly clock: () => number;
  readonly #store: InboxReads;
  readonly #calls: CallbackStore;
  readonly #leads: Pick<LeadStore, 'listLeads'>;

  constructor(
    stores: { inbox: InboxReads; callback: CallbackStore; leads: Pick<LeadStore, 'listLeads'> },
    calendar: CallbackCalendar,
    clock: () => number,
  ) {
    this.#store = stores.inbox;
    this.#calls = stores.callback;
    this.#leads = stores.leads;
    this.calendar = calendar;
    this.clock = clock;
  }

  dueAt(receivedAt: number): number {
    return dueAt(receivedAt, this.calendar);
  }

  /** A page of the inbox with each row's clock (due time, reached, attempts), the overdue count. */
  /** The bound of the requests due by `moment`: their stored due time, else their reception. */
  dueBound(moment: number, inclusive: boolean): DueBound {
    return {
      dueBy: moment,
      receivedBy: latestReceivedDueBy(moment, this.calendar, inclusive),
      inclusive,
    };
  }

  /** A page of the inbox with each row's clock (due time, reached, attempts), the overdue count. */
  async inboxPage(filter: InboxFilter, pageSize?: number): Promise<InboxPage> {
    const now = this.clock();
    const overdue = this.dueBound(now, false);
    const page = await this.#store.searchInbox(filter, pageSize, { overdue });
    const facts = await this.#calls.callFacts(page.rows.map((row) => row.id));
    return {
      ...page,
      rows: page.rows.map(({ storedDueAt, ...row }) => ({
        ...row,
        clock: rowClock(
          { ...row, dueAt: storedDueAt },
          facts.get(row.id) ?? NO_CALLS,
          this.calendar,
        ),
      })),
      now,
      timeZone: this.calendar.timeZone,
      overdue: await this.#calls.countUncalledDueBy(overdue),
    };
  }

  /**
   * The requests of a filter (every page) as the CSV export writes them: the stored request,
   * where it stands, its due time and its calls, oldest first.
   */
  async exportRows(filter: InboxFilter): Promise<ExportedLead[]> {
    const rows = (await this.inboxPage({ ...filter, page: 1 }, 0)).rows;
    const leads = new Map((await this.#leads.listLeads()).map((lead) => [lead.id, lead]));
    const calls = await this.#calls.callsOfLeads(rows.map((row) => row.id));
    return rows.flatMap((row) => {
      const lead = leads.get(row.id);
      if (!lead) return [];
      return [
        {
          ...lead,
          status: row.status,
          sourcePage: row.sourcePage ?? undefined,
          dueAt: row.clock.dueAt,
          calls: calls.get(row.id) ?? [],
        },
      ];
    });
  }

  /**
   * A request's page: its details, its clock, its calls, the call window now and, when the
   * person chose days or slots, whether now is inside one of them, else when the next starts.
   */
  async leadPage(id: string): Promise<LeadPage | undefined> {
    const detail = await this.#store.leadDetail(id);
    if (!detail) return undefined;
    const now = this.clock();
    const calls = await this.#calls.callsOf(id);
    const { choice } = detail.contact;
    const slot = hasChosenSlots(choice)
      ? nextChosenSlot(now, choice, this.calendar, 'not-ended')
      : undefined;
    return {
      ...detail,
      clock: rowClock(
        { ...detail, dueAt: detail.contact.dueAt },
        callFactsOf(calls),
        this.calendar,
      ),
      chosenSlot: !hasChosenSlots(choice)
        ? null
        : slot !== undefined && slot.start <= now
          ? { inside: true, endsAt: slot.end }
          : { inside: false, nextStartsAt: slot?.start ?? null },
      now,
      timeZone: this.calendar.timeZone,
      calls,
      history: leadHistory(calls, detail.notes, detail.audit),
      // Every attempt counts, whatever its outcome; a written answer is no call.
      callsLast30Days: calls.filter(
        (call) => call.outcome !== 'repondu_email' && call.at > now - CALLS_WINDOW_MS,
      ).length,
      window: callWindow(now, this.calendar),
    };
  }

  /**
   * Records a call by `staff` now: `not-found` when the request does not exist, `email-only`
   * (nothing recorded) for a phone outcome when the person asked for the e-mail only.
   */
  recordCall(
    leadId: string,
    outcome: CallOutcome,
    note: string,
    staff: string,
  ): Promise<RecordCallResult> {
    return this.#calls.recordCall({ leadId, outcome, note, staff, now: this.clock() });
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

  /** The existing counters and, next to them, the call-back counters over 30 and 90 days. */
  async counters(): Promise<Counters> {
    const now = this.clock();
    const { windows } = await this.#store.counters(now);
    const firstCall: FirstCallWindow[] = [];
    for (const days of [30, 90]) {
      const rows = await this.#calls.receivedSince(now - days * DAY_MS);
      firstCall.push(firstCallStats(rows, now, days, this.calendar));
    }
    return { windows, firstCall, promiseHours: this.calendar.promiseHours };
  }
}

/**
 * Whether the person was reached in time (issue 37): within the promise's working hours from the
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
  rows: ReadonlyArray<ReceivedLead>,
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
