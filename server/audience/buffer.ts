import { NO_REFERRER, OTHER_REFERRERS } from '#contracts/audience/aggregates.ts';
import type { AudienceBatch, AudienceCount, CampaignCount } from './store.ts';
import { MAX_SOURCES_PER_DAY } from './store.ts';
import type { AudienceView } from './beacon.ts';

/**
 * One instance's counts since its last flush, in memory. Bounded whatever arrives: pages are a
 * fixed list, devices three, and at most `MAX_SOURCES_PER_DAY` hosts and campaigns per day are
 * held apart (the rest are 'autres' here already; the store applies the same cap per day across
 * instances).
 */
export class AudienceBuffer {
  #counts = new Map<string, AudienceCount>();
  #campaigns = new Map<string, CampaignCount>();
  #sources = new Map<string, Set<string>>();

  get size(): number {
    return this.#counts.size + this.#campaigns.size;
  }

  #cap(day: string, kind: 'host' | 'campaign', source: string): string {
    if (source === NO_REFERRER) return source;
    const key = `${kind}\n${day}`;
    const seen = this.#sources.get(key) ?? new Set<string>();
    this.#sources.set(key, seen);
    if (seen.has(source)) return source;
    if (seen.size >= MAX_SOURCES_PER_DAY) return OTHER_REFERRERS;
    seen.add(source);
    return source;
  }

  add(day: string, view: AudienceView): void {
    const referrer = this.#cap(day, 'host', view.referrer);
    this.#addCount({
      day,
      page: view.page,
      referrer,
      device: view.device,
      views: 1,
      entries: view.entry ? 1 : 0,
    });
    if (view.campaign !== undefined) {
      this.#addCampaign({ day, campaign: this.#cap(day, 'campaign', view.campaign), entries: 1 });
    }
  }

  #addCount(row: AudienceCount): void {
    const key = `${row.day}\n${row.page}\n${row.referrer}\n${row.device}`;
    const into = this.#counts.get(key);
    if (into) {
      into.views += row.views;
      into.entries += row.entries;
    } else {
      this.#counts.set(key, { ...row });
    }
  }

  #addCampaign(row: CampaignCount): void {
    const key = `${row.day}\n${row.campaign}`;
    const into = this.#campaigns.get(key);
    if (into) into.entries += row.entries;
    else this.#campaigns.set(key, { ...row });
  }

  /** Empties the buffer and returns what it held. */
  drain(): AudienceBatch {
    const batch = { counts: [...this.#counts.values()], campaigns: [...this.#campaigns.values()] };
    this.#counts = new Map();
    this.#campaigns = new Map();
    this.#sources = new Map();
    return batch;
  }

  /** Puts back a batch whose write failed (it is tried again at the next flush). */
  restore(batch: AudienceBatch): void {
    for (const row of batch.counts) {
      this.#cap(row.day, 'host', row.referrer);
      this.#addCount(row);
    }
    for (const row of batch.campaigns) {
      this.#cap(row.day, 'campaign', row.campaign);
      this.#addCampaign(row);
    }
  }
}
