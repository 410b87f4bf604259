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
import type { InboxClockFilter, StoreInboxPage } from './inbox-sql.ts';
import {
  callWindow,
  dueAt,
  latestReceivedDueBy,
  workingTimeBetween,
  type CallbackCalendar,
} from './calendar.ts';
import type { CallbackStore, UncalledLead } from './store.ts';
import type { CallOutcome } from '#server/db/tables/callback.ts';
import { callFactsOf, NO_CALLS, rowClock } from './call-facts.ts';

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
  async inboxPage(filter: InboxFilter, pageSize?: number): Promise<InboxPage> {
    const now = this.clock();
    const overdueReceivedBy = latestReceivedDueBy(now, this.calendar, false);
    const page = await this.#store.searchInbox(filter, pageSize, { overdueReceivedBy });
    const facts = await this.#calls.callFacts(page.rows.map((row) => row.id));
    return {
      ...page,
      rows: page.rows.map((row) => ({
        ...row,
        clock: rowClock(row, facts.get(row.id) ?? NO_CALLS, this.calendar),
      })),
      now,
      timeZone: this.calendar.timeZone,
      overdue: await this.#calls.countUncalledReceivedBy(overdueReceivedBy),
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

  /** A request's page: its details, its clock, its calls and the call window now. */
  async leadPage(id: string): Promise<LeadPage | undefined> {
    const detail = await this.#store.leadDetail(id);
    if (!detail) return undefined;
    const now = this.clock();
    const calls = await this.#calls.callsOf(id);
    return {
      ...detail,
      clock: rowClock(detail, callFactsOf(calls), this.calendar),
      now,
      timeZone: this.calendar.timeZone,
      calls,
      // Every attempt counts, whatever its outcome; a written answer is no call.
      callsLast30Days: calls.filter(
        (call) => call.outcome !== 'repondu_email' && call.at > now - CALLS_WINDOW_MS,
      ).length,
      window: callWindow(now, this.calendar),
    };
  }

  /** Records a call by `staff` now; false when the request does not exist. */
  recordCall(leadId: string, outcome: CallOutcome, note: string, staff: string): Promise<boolean> {
    return this.#calls.recordCall({ leadId, outcome, note, staff, now: this.clock() });
  }

  /**
   * The requests still to call back that are due by `dueBy` (inclusive), soonest first: the
   * digest's list and `npm run leads -- due`.
   */
  async dueBy(dueBy: number): Promise<DueLead[]> {
    const receivedBy = latestReceivedDueBy(dueBy, this.calendar, true);
    const leads = await this.#calls.uncalledReceivedBy(receivedBy);
    return leads.map((lead) => ({ ...lead, dueAt: this.dueAt(lead.createdAt) }));
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
 * The median working time to reaching the person (of the requests reached), and the share
 * reached within the promise among the requests reached or open and already past their due time
 * without being reached (unanswered attempts do not count as reached: ADR 0028).
 */
export function firstCallStats(
  rows: ReadonlyArray<{ createdAt: number; reachedAt: number | null; open: boolean }>,
  now: number,
  days: number,
  calendar: CallbackCalendar,
): FirstCallWindow {
  const promiseMs = calendar.promiseHours * 60 * 60 * 1000;
  const times: number[] = [];
  let considered = 0;
  let within = 0;
  for (const row of rows) {
    if (row.reachedAt !== null) {
      const working = workingTimeBetween(row.createdAt, row.reachedAt, calendar);
      times.push(working);
      considered += 1;
      if (working <= promiseMs) within += 1;
    } else if (row.open && dueAt(row.createdAt, calendar) < now) {
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
