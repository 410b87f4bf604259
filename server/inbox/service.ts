import type {
  CallRecord,
  Counters,
  InboxFilter,
  InboxPage,
  LeadOwner,
  LeadPage,
} from '#contracts/staff/contract.ts';
import type { CallbackService } from '#server/callback/index.ts';
import type { LeadStatus } from '#server/db/schema.ts';
import type { LeadStore, LeadWithDelivery } from '#server/leads/index.ts';
import type { LeadViewer } from '#server/team/index.ts';
import type { InboxStore } from './store.ts';

/** A request as exported: the stored request, its status, due time, calls and owner. */
export type ExportedLead = LeadWithDelivery & {
  status: LeadStatus;
  dueAt: number;
  calls: CallRecord[];
  owner: LeadOwner | null;
};

/**
 * The staff inbox's pages: the list, a request's page, the CSV export's rows and the counters,
 * read from the inbox's store at the injected clock's time, with the call-back clock's fields
 * (server/callback: `listFields`, `pageFields`, `counterFields`).
 */
export class InboxService {
  readonly #inbox: InboxStore;
  readonly #leads: Pick<LeadStore, 'listLeads'>;
  readonly #callback: CallbackService;
  readonly #clock: () => number;

  constructor(
    stores: { inbox: InboxStore; leads: Pick<LeadStore, 'listLeads'> },
    callback: CallbackService,
    clock: () => number,
  ) {
    this.#inbox = stores.inbox;
    this.#leads = stores.leads;
    this.#callback = callback;
    this.#clock = clock;
  }

  /** The company's time zone, the export's dates are written in. */
  get timeZone(): string {
    return this.#callback.calendar.timeZone;
  }

  /**
   * A page of the list as `viewer` may see it (ADR 0046; none: every request), with each row's
   * clock (due time, reached, attempts) and the overdue count.
   */
  async page(filter: InboxFilter, pageSize?: number, viewer?: LeadViewer): Promise<InboxPage> {
    const now = this.#clock();
    const overdue = this.#callback.dueBound(now, false);
    const page = await this.#inbox.searchInbox(filter, pageSize, { overdue }, viewer);
    const fields = await this.#callback.listFields(
      page.rows.map((row) => row.id),
      now,
    );
    return {
      ...page,
      people: await this.#inbox.people(),
      rows: page.rows.map(({ storedDueAt, ...row }) => ({
        ...row,
        clock: fields.clockOf({ ...row, dueAt: storedDueAt }),
      })),
      now,
      timeZone: fields.timeZone,
      overdue: fields.overdue,
    };
  }

  /**
   * The requests of a filter (every page) as the CSV export writes them: the stored request,
   * where it stands, its due time and its calls, oldest first.
   */
  async exportRows(filter: InboxFilter, viewer?: LeadViewer): Promise<ExportedLead[]> {
    const rows = (await this.page({ ...filter, page: 1 }, 0, viewer)).rows;
    const leads = new Map((await this.#leads.listLeads()).map((lead) => [lead.id, lead]));
    const calls = await this.#callback.callsOfLeads(rows.map((row) => row.id));
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
          owner: row.owner,
        },
      ];
    });
  }

  /** A request's page: its details with the call-back clock's fields (calls, history, slot). */
  async leadPage(id: string, viewer?: LeadViewer): Promise<LeadPage | undefined> {
    const detail = await this.#inbox.leadDetail(id, viewer);
    if (!detail) return undefined;
    const { dueAt, choice } = detail.contact;
    const fields = await this.#callback.pageFields({ ...detail, dueAt, choice }, this.#clock());
    return { ...detail, ...fields, people: await this.#inbox.people() };
  }

  /** The inbox's counters and, next to them, the call-back counters over 30 and 90 days. */
  async counters(): Promise<Counters> {
    const now = this.#clock();
    const { windows } = await this.#inbox.counters(now);
    return { windows, ...(await this.#callback.counterFields(now)) };
  }
}
