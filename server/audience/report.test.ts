import { describe, expect, it } from 'vitest';

import type { AudienceCount, CampaignCount } from './store.ts';
import { audienceReport, conversion, type AudienceReads } from './report.ts';

/**
 * The staff page's figures from stored counts and requests (a stand-in store): a page's
 * conversion is a percentage only when it can be one.
 */
const NOW = Date.UTC(2026, 10, 26, 10); // 26 November 2026, 11:00 in Paris
const TODAY = '2026-11-26';

function store(
  counts: AudienceCount[],
  requests: Array<{ at: number; page: string | null }>,
): AudienceReads {
  return {
    counts: async () => counts,
    requestSources: async (since) => requests.filter((request) => request.at >= since),
    campaigns: async () => [] as CampaignCount[],
  };
}

function view(page: string, views: number): AudienceCount {
  return { day: TODAY, page, referrer: '', device: 'mobile', views, entries: views };
}

const requestsFrom = (page: string | null, count: number) =>
  Array.from({ length: count }, (_, index) => ({ at: NOW - index * 60_000, page }));

describe('the audience report’s conversion', () => {
  it('is a share of the counted views, one decimal at most, up to 100 %', () => {
    expect(conversion(1, 3)).toBe(33.3);
    expect(conversion(2, 3)).toBe(66.7);
    expect(conversion(0, 12)).toBe(0);
    expect(conversion(4, 4)).toBe(100);
  });

  it('is no percentage without views, nor when requests exceed the counted views', () => {
    expect(conversion(0, 0)).toBeNull();
    expect(conversion(2, 0)).toBeNull();
    expect(conversion(5, 1)).toBeNull();
    expect(conversion(5, 4)).toBeNull();
  });

  it('puts the totals side by side and marks a page with more requests than counted views', async () => {
    const report = await audienceReport(
      store(
        [view('/contact', 1), view('/particuliers/pompe-a-chaleur', 9), view('/cgv', 2)],
        [
          // Five requests from the contact page, whose visits were mostly not counted.
          ...requestsFrom('/contact', 5),
          ...requestsFrom('/particuliers/pompe-a-chaleur', 1),
          // A page never counted that brought requests (its visitors all refused the count).
          ...requestsFrom('/professionnels/hp-flottante', 2),
          // Sent without the script: no source page, on no page.
          ...requestsFrom(null, 3),
        ],
      ),
      30,
      NOW,
    );
    const page = (path: string) => report.pages.find((row) => row.page === path);
    expect(page('/contact')).toEqual({
      page: '/contact',
      views: 1,
      entries: 1,
      requests: 5,
      conversion: null,
      uncounted: true,
    });
    expect(page('/professionnels/hp-flottante')).toEqual({
      page: '/professionnels/hp-flottante',
      views: 0,
      entries: 0,
      requests: 2,
      conversion: null,
      uncounted: true,
    });
    expect(page('/particuliers/pompe-a-chaleur')).toMatchObject({
      views: 9,
      requests: 1,
      conversion: 11.1,
      uncounted: false,
    });
    expect(page('/cgv')).toMatchObject({ views: 2, requests: 0, conversion: 0, uncounted: false });
    expect(report.pages.reduce((sum, row) => sum + row.requests, 0)).toBe(8);
    expect(report.pages.every((row) => row.conversion === null || row.conversion <= 100)).toBe(
      true,
    );
  });
});
