import { formatDueTime } from '#contracts/staff/callback-format.ts';
import {
  addDays,
  CallbackService,
  choiceLine,
  dayStart,
  localDate,
  type CallbackCalendar,
  type CallbackStore,
} from '#server/callback/index.ts';
import { InboxService, type ExportedLead, type InboxStore } from '#server/inbox/index.ts';
import type { LeadStore } from '#server/leads/index.ts';

/** The stores the inbox's pages and the call-back clock read (see InboxService). */
type ClockStores = {
  inbox: InboxStore;
  callback: CallbackStore;
  leads: Pick<LeadStore, 'listLeads'>;
};

/**
 * `npm run leads -- due`: the morning digest's list, printed: the requests still to call back
 * that are overdue or due by the end of today (company time), soonest first (the stored due
 * time, which follows the person's choice), with the first name, the product, the due time, how
 * the person asked to be contacted and the link to the request's page.
 */
export async function dueList(
  stores: ClockStores,
  calendar: CallbackCalendar,
  now: number,
  siteUrl: string,
): Promise<string> {
  const service = new CallbackService(stores, calendar, () => now);
  const endOfToday = dayStart(addDays(localDate(now, calendar.timeZone), 1), calendar.timeZone);
  const leads = await service.dueBy(endOfToday);
  if (leads.length === 0) return 'Nothing overdue or due today.\n';
  const base = siteUrl.replace(/\/+$/, '');
  const line = (lead: (typeof leads)[number]) =>
    `  ${formatDueTime(lead.dueAt, calendar.timeZone).padEnd(32)}  ${lead.prenom}  ${
      lead.produit || '-'
    }  ${choiceLine(lead.choice)}  ${base}/equipe/demandes/${lead.id}`;
  const overdue = leads.filter((lead) => lead.dueAt < now);
  const today = leads.filter((lead) => lead.dueAt >= now);
  const sections = [
    ...(overdue.length > 0 ? [`Overdue (${overdue.length}):`, ...overdue.map(line)] : []),
    ...(today.length > 0 ? [`Due today (${today.length}):`, ...today.map(line)] : []),
  ];
  return `${sections.join('\n')}\n`;
}

/**
 * `npm run leads -- export --csv`: every request as the inbox's « Toutes les demandes » export
 * holds it (status, due time and calls, through the call-back clock).
 */
export async function everyRequest(
  stores: ClockStores,
  calendar: CallbackCalendar,
  now: () => number,
): Promise<ExportedLead[]> {
  const callback = new CallbackService(stores, calendar, now);
  return new InboxService(stores, callback, now).exportRows({ vue: 'toutes' });
}
