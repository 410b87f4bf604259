import type {
  CallRecord,
  Counters,
  FirstCallWindow,
  InboxFilter,
  InboxPage,
  LeadPage,
} from '../../contracts/staff/contract.ts';
import type { LeadStatus, LeadStore, LeadWithDelivery } from '../store/index.ts';
import {
  callWindow,
  dueAt,
  latestReceivedDueBy,
  workingTimeBetween,
  type CallbackCalendar,
} from './calendar.ts';
import type { CallbackStore, UncalledLead } from './store.ts';
import type { CallOutcome } from '../db/tables/callback.ts';

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

/**
 * The call-back clock as the staff API, the CLI and the digest use it: the store's facts joined
 * with the calendar, at the time the injected clock gives (the real one in production).
 */
export class CallbackService {
  readonly calendar: CallbackCalendar;
  readonly clock: () => number;
  readonly #store: LeadStore;
  readonly #calls: CallbackStore;

  constructor(store: LeadStore, calendar: CallbackCalendar, clock: () => number) {
    this.#store = store;
    this.#calls = store.callbackStore();
    this.calendar = calendar;
    this.clock = clock;
  }

  dueAt(receivedAt: number): number {
    return dueAt(receivedAt, this.calendar);
  }

  /** A page of the inbox with each row's due time and first call, and the overdue count. */
  async inboxPage(filter: InboxFilter, pageSize?: number): Promise<InboxPage> {
    const now = this.clock();
    const overdueReceivedBy = latestReceivedDueBy(now, this.calendar, false);
    const page = await this.#store.searchInbox(filter, pageSize, { overdueReceivedBy });
    const calls = await this.#calls.firstCalls(page.rows.map((row) => row.id));
    return {
      ...page,
      rows: page.rows.map((row) => {
        const first = calls.get(row.id)?.at ?? null;
        return {
          ...row,
          clock: {
            dueAt: this.dueAt(row.createdAt),
            firstCallAt: first,
            firstCallAfterMs:
              first === null ? null : workingTimeBetween(row.createdAt, first, this.calendar),
          },
        };
      }),
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
    const leads = new Map((await this.#store.listLeads()).map((lead) => [lead.id, lead]));
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
    const first = calls[0]?.at ?? null;
    return {
      ...detail,
      clock: {
        dueAt: this.dueAt(detail.createdAt),
        firstCallAt: first,
        firstCallAfterMs:
          first === null ? null : workingTimeBetween(detail.createdAt, first, this.calendar),
      },
      now,
      timeZone: this.calendar.timeZone,
      calls,
      callsLast30Days: calls.filter((call) => call.at > now - CALLS_WINDOW_MS).length,
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

  /** The existing counters and, next to them, the first-call counters over 30 and 90 days. */
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
 * The median working time to the first call (of the requests called), and the share called
 * within the promise among the requests called or already past their due time without a call.
 */
export function firstCallStats(
  rows: ReadonlyArray<{ createdAt: number; firstCallAt: number | null; open: boolean }>,
  now: number,
  days: number,
  calendar: CallbackCalendar,
): FirstCallWindow {
  const promiseMs = calendar.promiseHours * 60 * 60 * 1000;
  const times: number[] = [];
  let considered = 0;
  let within = 0;
  for (const row of rows) {
    if (row.firstCallAt !== null) {
      const working = workingTimeBetween(row.createdAt, row.firstCallAt, calendar);
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
