/**
 * The audience's aggregates as the server stores them and the staff page reads them (ADR 0023).
 * Apart from `contract.ts`, which every public page's beacon imports: none of this is in a public
 * page's scripts.
 */
import type { DeviceClass } from './contract.ts';

/** What the aggregates call an unknown path, a view without referrer, the hosts past the cap. */
export const OTHER_PAGE = 'autre page';
export const NO_REFERRER = '';
export const OTHER_REFERRERS = 'autres';

/** The periods the staff page offers, in days ending today (Paris). */
export const AUDIENCE_PERIODS = [7, 30, 90] as const;
export type AudiencePeriod = (typeof AUDIENCE_PERIODS)[number];

/** The staff API's paths (under its prefix, behind its session): `?jours=7|30|90`. */
export const AUDIENCE_API = {
  report: '/api/equipe/audience',
  exportCsv: '/api/equipe/audience/export',
} as const;

interface AudiencePageRow {
  page: string;
  views: number;
  entries: number;
  /** Requests whose stored source page is this page, received in the period. */
  requests: number;
  /**
   * requests / views in %, at most one decimal; null without views, and null when the page has
   * more requests than counted views (`uncounted`): a share above 100 % is not a conversion.
   */
  conversion: number | null;
  /**
   * More requests than counted views: visits the count never saw (no script, a browser that
   * blocks or refuses the count) sent requests, which are all stored. The two totals are shown
   * side by side instead of a percentage.
   */
  uncounted: boolean;
}

export interface AudienceReport {
  days: AudiencePeriod;
  /** First and last day of the period (YYYY-MM-DD, Paris). */
  from: string;
  to: string;
  /** Every day of the period, oldest first. */
  daily: Array<{ day: string; views: number; entries: number }>;
  pages: AudiencePageRow[];
  /** The 10 referring hosts with the most entries ('' is "no referrer"). */
  sources: Array<{ source: string; entries: number }>;
  devices: Array<{ device: DeviceClass; views: number }>;
  /** The 10 campaigns with the most entries (empty unless RECORD_CAMPAIGNS is on). */
  campaigns: Array<{ campaign: string; entries: number }>;
}
