import type { Logger } from '#server/logger.ts';

/**
 * Refusals (and folded duplicates) are logged in aggregate, so that the logs do not grow as fast
 * as an attack: the first of a reason is written at once (count 1); the ones that follow within
 * the minute are counted and written as one line at the minute's end, with their count; a
 * minute without any ends the series. At most one line per reason per minute, per instance;
 * no personal data (a status, a reason, field names).
 */
const REFUSAL_LOG_INTERVAL_MS = 60_000;

interface Series {
  event: string;
  status: number;
  count: number;
  /** Validation failures: how often each field was at fault. */
  fields: Record<string, number>;
  timer: NodeJS.Timeout;
}

export class RefusalLog {
  readonly #logger: Logger;
  readonly #intervalMs: number;
  readonly #series = new Map<string, Series>();

  constructor(logger: Logger, intervalMs: number = REFUSAL_LOG_INTERVAL_MS) {
    this.#logger = logger;
    this.#intervalMs = intervalMs;
  }

  /**
   * `event`: `lead_rejected`, or `lead_duplicate` for a request folded into an earlier one;
   * `visitor_refused` for the visitor page's API (server/visitor/).
   */
  record(
    reason: string,
    status: number,
    fields?: readonly string[],
    event: 'lead_rejected' | 'lead_duplicate' | 'visitor_refused' = 'lead_rejected',
  ): void {
    const series = this.#series.get(reason);
    if (series) {
      series.count += 1;
      for (const field of fields ?? []) series.fields[field] = (series.fields[field] ?? 0) + 1;
      return;
    }
    this.#write(event, reason, status, 1, tally(fields));
    this.#start(event, reason, status);
  }

  /** Writes what is counted and not yet written (at shutdown). */
  flush(): void {
    for (const [reason, series] of this.#series) {
      clearTimeout(series.timer);
      if (series.count > 0) {
        this.#write(series.event, reason, series.status, series.count, series.fields);
      }
    }
    this.#series.clear();
  }

  #start(event: string, reason: string, status: number): void {
    const timer = setTimeout(() => {
      const series = this.#series.get(reason);
      this.#series.delete(reason);
      if (!series || series.count === 0) return;
      this.#write(event, reason, status, series.count, series.fields);
      this.#start(event, reason, status);
    }, this.#intervalMs);
    timer.unref();
    this.#series.set(reason, { event, status, count: 0, fields: {}, timer });
  }

  #write(
    event: string,
    reason: string,
    status: number,
    count: number,
    fields: Record<string, number>,
  ): void {
    this.#logger.info(event, {
      reason,
      status,
      count,
      ...(Object.keys(fields).length > 0 ? { fields } : {}),
    });
  }
}

function tally(fields: readonly string[] | undefined): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const field of fields ?? []) counts[field] = (counts[field] ?? 0) + 1;
  return counts;
}
