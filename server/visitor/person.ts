import type { VisitorPersonView } from '#contracts/contact/visitor-api.ts';
import type { CallbackCalendar } from '#server/callback/index.ts';
import type { VisitorLinkStore } from './link-store.ts';
import type { VisitorStore } from './store.ts';
import { visitorView } from './view.ts';

/**
 * What `/ma-demande` shows for a link (ADR 0031): the link proves the e-mail address, so the
 * page lists the person's open requests (and the link's own, even closed), each read as the
 * page reads one, and says how many requests an erasure would erase. Undefined for a bad token.
 */
export async function personView(
  deps: { links: VisitorLinkStore; store: VisitorStore; calendar: CallbackCalendar },
  token: unknown,
  now: number,
): Promise<VisitorPersonView | undefined> {
  const person = await deps.links.personOf(token, now);
  if (!person) return undefined;
  const records = await Promise.all(person.listed.map((id) => deps.store.record(id)));
  const requests = records.flatMap((record) =>
    record ? [visitorView(record, deps.calendar, now)] : [],
  );
  // Erased between the two reads: the link opens nothing any more.
  if (requests.length === 0) return undefined;
  return { requests, requestCount: Math.max(person.count, requests.length) };
}
