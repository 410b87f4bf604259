import type { InboxFilter } from '#contracts/staff/contract.ts';

/**
 * The inbox's current filter, kept in memory only (a search term is personal data: not in the
 * URL, not in web storage), so coming back from a request's page shows the same list.
 */
let current: InboxFilter = {};

export function rememberedFilter(): InboxFilter {
  return current;
}

export function rememberFilter(filter: InboxFilter): void {
  current = filter;
}
