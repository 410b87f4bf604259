import { isbot } from 'isbot';

import { MemoryBudget } from '#server/http/client-budget.ts';
import type { Logger } from '#server/logger.ts';
import type { AudienceStore } from './store.ts';
import { parseBeacon, type AudienceView } from './beacon.ts';
import { AudienceBuffer } from './buffer.ts';
import { audienceRetentionStart, parisDay } from './calendar.ts';

/**
 * The audience count (ADR 0023): beacons are read, checked and added to an in-memory
 * buffer; a timer writes the buffer to the store every `flushMs` in one transaction (never one
 * per beacon), and `close()` writes what is left. No address, user agent, referrer path or
 * campaign tag reaches a log line.
 */
export interface AudienceServiceOptions {
  store: () => AudienceStore;
  logger: Logger;
  /** RECORD_CAMPAIGNS: count the landing URL's campaign tags too. */
  recordCampaigns: boolean;
  /** The clock (day boundaries in Europe/Paris are computed from it). */
  now?: () => number;
  /** How often the buffer is written (default 5 s: counts are visible within 60 s). */
  flushMs?: number;
  /** Counted views per client per minute (default 60). */
  viewsPerClientPerMinute?: number;
}

export type BeaconOutcome =
  'counted' | 'opted-out' | 'robot' | 'staff-page' | 'over-budget' | 'malformed';

const AUDIENCE_FLUSH_MS = 5_000;

export class AudienceService {
  readonly #options: AudienceServiceOptions;
  readonly #buffer = new AudienceBuffer();
  readonly #budget: MemoryBudget;
  readonly #now: () => number;
  #timer: ReturnType<typeof setInterval> | undefined;
  #flushing: Promise<void> = Promise.resolve();
  /** Outcomes since the last flush, logged as totals (never one line per beacon). */
  #outcomes = new Map<BeaconOutcome, number>();
  /** Waiting for the next flush to end (`whenFlushed`). */
  #waiting: Array<() => void> = [];

  constructor(options: AudienceServiceOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    // Per client key in memory; past 20 000 clients in a minute, new ones are not counted.
    this.#budget = new MemoryBudget({
      limit: options.viewsPerClientPerMinute ?? 60,
      windowMs: 60_000,
      maxClients: 20_000,
      overflow: 'refuse',
    });
  }

  /**
   * One beacon: its headers (GPC, DNT, user agent), its body and the client's rate-limit key.
   * Only `counted` adds anything.
   */
  record(headers: Headers, body: string, clientKey: string): BeaconOutcome {
    const outcome = this.#classify(headers, body, clientKey);
    this.#outcomes.set(outcome, (this.#outcomes.get(outcome) ?? 0) + 1);
    return outcome;
  }

  #classify(headers: Headers, body: string, clientKey: string): BeaconOutcome {
    if (headers.get('sec-gpc')?.trim() === '1' || headers.get('dnt')?.trim() === '1') {
      return 'opted-out';
    }
    if (isbot(headers.get('user-agent') ?? '')) return 'robot';
    let view: AudienceView | undefined;
    try {
      view = parseBeacon(body, this.#options.recordCampaigns);
    } catch {
      return 'malformed';
    }
    if (!view) return 'staff-page';
    const now = this.#now();
    if (!this.#budget.consume(clientKey, now).allowed) return 'over-budget';
    this.#buffer.add(parisDay(now), view);
    return 'counted';
  }

  /** Writes the buffer (one transaction); a failed write is kept for the next flush. */
  flush(): Promise<void> {
    const waiting = this.#waiting;
    this.#waiting = [];
    this.#flushing = this.#flushing.then(async () => {
      const batch = this.#buffer.drain();
      const outcomes = Object.fromEntries(this.#outcomes);
      this.#outcomes = new Map();
      if (Object.keys(outcomes).length > 0)
        this.#options.logger.debug('audience_beacons', outcomes);
      try {
        await this.#options.store().add(batch);
      } catch (error) {
        this.#buffer.restore(batch);
        this.#options.logger.error('audience_flush_failed', { error });
      } finally {
        for (const resolve of waiting) resolve();
      }
    });
    return this.#flushing;
  }

  /**
   * Resolves once the next timed flush has ended: an Edge Function hands it to
   * `EdgeRuntime.waitUntil`, so that its isolate lives until what it counted is written.
   */
  whenFlushed(): Promise<void> {
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.flush(), this.#options.flushMs ?? AUDIENCE_FLUSH_MS);
    this.#timer.unref?.();
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }

  /** The daily retention: aggregates older than 25 months are deleted. */
  purge(now: number = this.#now()): Promise<number> {
    return this.#options.store().purgeBefore(audienceRetentionStart(now));
  }
}
