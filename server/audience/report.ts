import { DEVICE_CLASSES } from '#contracts/audience/contract.ts';
import { type AudiencePeriod, type AudienceReport } from '#contracts/audience/aggregates.ts';
import { CSV_SEPARATOR } from '#server/http/csv-cells.ts';
import type { AudienceStore } from './store.ts';
import { addDays, parisDay } from './calendar.ts';
import { audiencePage } from './pages.ts';

/**
 * The staff page's figures: the views' aggregates and the requests' own count per source page,
 * side by side (never joined: a view is not linked to any request).
 */

/**
 * More requests than counted views: some of the page's visits were not counted (no script, a
 * browser that blocks or refuses the count), while every request is stored.
 */
function uncounted(requests: number, views: number): boolean {
  return requests > views;
}

/**
 * requests / views as a percentage with at most one decimal; null without views, and null when
 * the requests exceed the counted views (a share above 100 % measures the uncounted visits, not
 * the page).
 */
export function conversion(requests: number, views: number): number | null {
  if (views <= 0 || uncounted(requests, views)) return null;
  return Math.round((requests / views) * 1000) / 10;
}

/** What the report reads from the audience's store (a stand-in in the unit tests). */
export type AudienceReads = Pick<AudienceStore, 'counts' | 'requestSources' | 'campaigns'>;

interface DayPage {
  day: string;
  page: string;
  views: number;
  entries: number;
  requests: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Views, entries and requests per day and page over the `days` days ending on `now`'s day. */
async function perDayAndPage(store: AudienceReads, days: number, now: number) {
  const to = parisDay(now);
  const from = addDays(to, -(days - 1));
  const rows = new Map<string, DayPage>();
  const row = (day: string, page: string) => {
    const key = `${day}\n${page}`;
    let found = rows.get(key);
    if (!found) {
      found = { day, page, views: 0, entries: 0, requests: 0 };
      rows.set(key, found);
    }
    return found;
  };
  const counts = await store.counts(from, to);
  for (const count of counts) {
    const into = row(count.day, count.page);
    into.views += count.views;
    into.entries += count.entries;
  }
  // Two days of margin: a Paris day starts up to 2 h before the UTC one.
  for (const request of await store.requestSources(now - (days + 2) * DAY_MS)) {
    const day = parisDay(request.at);
    // A request without a known source page (sent without the script) is not put on a page.
    if (day < from || day > to || !request.page) continue;
    row(day, audiencePage(request.page)).requests += 1;
  }
  return { from, to, counts, rows: [...rows.values()] };
}

export async function audienceReport(
  store: AudienceReads,
  days: AudiencePeriod,
  now: number,
): Promise<AudienceReport> {
  const { from, to, counts, rows } = await perDayAndPage(store, days, now);
  const daily = Array.from({ length: days }, (_, index) => ({
    day: addDays(from, index),
    views: 0,
    entries: 0,
  }));
  const byDay = new Map(daily.map((entry) => [entry.day, entry]));
  const pages = new Map<string, { views: number; entries: number; requests: number }>();
  for (const entry of rows) {
    const day = byDay.get(entry.day);
    if (day) {
      day.views += entry.views;
      day.entries += entry.entries;
    }
    const page = pages.get(entry.page) ?? { views: 0, entries: 0, requests: 0 };
    page.views += entry.views;
    page.entries += entry.entries;
    page.requests += entry.requests;
    pages.set(entry.page, page);
  }
  const sources = new Map<string, number>();
  const devices = new Map<string, number>();
  for (const count of counts) {
    if (count.entries > 0)
      sources.set(count.referrer, (sources.get(count.referrer) ?? 0) + count.entries);
    devices.set(count.device, (devices.get(count.device) ?? 0) + count.views);
  }
  const campaigns = new Map<string, number>();
  for (const tagged of await store.campaigns(from, to)) {
    campaigns.set(tagged.campaign, (campaigns.get(tagged.campaign) ?? 0) + tagged.entries);
  }
  const top = (map: Map<string, number>) =>
    [...map.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 10);
  return {
    days,
    from,
    to,
    daily,
    pages: [...pages.entries()]
      .map(([page, totals]) => ({
        page,
        ...totals,
        conversion: conversion(totals.requests, totals.views),
        uncounted: uncounted(totals.requests, totals.views),
      }))
      .sort((a, b) => b.views - a.views || b.requests - a.requests || a.page.localeCompare(b.page)),
    sources: top(sources).map(([source, entries]) => ({ source, entries })),
    devices: DEVICE_CLASSES.map((device) => ({ device, views: devices.get(device) ?? 0 })),
    campaigns: top(campaigns).map(([campaign, entries]) => ({ campaign, entries })),
  };
}

const AUDIENCE_CSV_COLUMNS = ['jour', 'page', 'vues', 'entrées', 'demandes'] as const;

/** One row per day and page (UTF-8 with a BOM, `;`, CRLF: as the inbox's export). */
export async function audienceCsv(
  store: AudienceReads,
  days: AudiencePeriod,
  now: number,
): Promise<string> {
  const { rows } = await perDayAndPage(store, days, now);
  rows.sort((a, b) => a.day.localeCompare(b.day) || a.page.localeCompare(b.page));
  // Every cell is a day, a known path or 'autre page', or a number: nothing to quote.
  const lines = [
    AUDIENCE_CSV_COLUMNS.join(CSV_SEPARATOR),
    ...rows.map((row) =>
      [row.day, row.page, row.views, row.entries, row.requests].join(CSV_SEPARATOR),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
