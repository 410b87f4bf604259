/** The visitor page's service, built from its stores and the company's calendar. */
import type { CallbackCalendar } from '#server/callback/index.ts';
import { companyMailDomain } from '#server/env.ts';
import type { RetentionStore } from '#server/retention/index.ts';
import type { VisitorLinkStore } from './link-store.ts';
import { VisitorService } from './service.ts';
import type { VisitorStore } from './store.ts';

export function buildVisitor(
  stores: {
    visitorLinks: VisitorLinkStore;
    visitor: VisitorStore;
    retention: Pick<RetentionStore, 'eraseByLead'>;
  },
  calendar: CallbackCalendar,
  clock: () => number,
): VisitorService {
  return new VisitorService({
    links: stores.visitorLinks,
    store: stores.visitor,
    retention: stores.retention,
    calendar,
    messageDomain: companyMailDomain(),
    now: clock,
  });
}
