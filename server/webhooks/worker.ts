import { randomUUID } from 'node:crypto';

import type { Logger } from '#server/logger.ts';
import { eventBody } from './body.ts';
import type { WebhookSender } from './sender.ts';
import type { AttemptResult, ClaimedEvent, QueuedAlert, WebhookStore } from './store.ts';

/**
 * Delivers the CRM webhook's events (ADR 0024): claims due events (a lease, so that
 * each attempt is made by one instance), POSTs them at once (at most `concurrency`, each bounded
 * by the sender's timeout, off the event loop), records each round in one transaction and
 * retries on the schedule. A 2xx is delivered; a 410 disables the endpoint (the event waits);
 * anything else is retried, then failed for good with an alert e-mail (at most one per 24 h).
 */
export interface WebhookWorkerOptions {
  store: WebhookStore;
  sender: WebhookSender;
  logger: Logger;
  /** The waits before each retry (WEBHOOK_RETRY_DELAYS): N waits, N + 1 attempts. */
  retryDelaysMs: readonly number[];
  /** The endpoint as alerts name it (no query string). */
  endpoint: string;
  /** The Message-ID of an alert's e-mail. */
  alertMessageId: (alertId: number) => string;
  /** Called when alert e-mails were queued (wakes the outbox worker). */
  onAlert?: (alerts: readonly QueuedAlert[]) => void;
  /** Events attempted at once (default 16). */
  concurrency?: number;
  /** Longest wait between two looks at the queue (default 10 s). */
  pollIntervalMs?: number;
  /** How long a claim holds; longer than one attempt (the sender's timeout) with a margin. */
  leaseMs: number;
  /**
   * After a round that was not full, the pause before the next (default 100 ms): events that
   * arrive meanwhile go out together, instead of one round (a claim, a read, a record) each
   * while requests keep coming.
   */
  gatherMs?: number;
  now?: () => number;
}

/**
 * How long to wait before the next look at the queue, given the earliest due time (`next`).
 * An event that was already due when the last round claimed, and was not claimed, waits for
 * the endpoint to be re-enabled or for an earlier event of its request held by another instance:
 * the next poll, not a loop (a kick comes sooner when this instance frees it). An event that
 * became due after that claim (its retry time passed while the round ended, or the timer fired
 * a moment before the wall clock reached it) is looked at now.
 */
export function waitBeforeNextLook(look: {
  next: number | undefined;
  lastClaimAt: number;
  now: number;
  pollIntervalMs: number;
}): number {
  const { next, lastClaimAt, now, pollIntervalMs } = look;
  if (next === undefined || next <= lastClaimAt) return pollIntervalMs;
  return Math.min(pollIntervalMs, Math.max(0, next - now));
}

export class WebhookWorker {
  readonly #options: Required<Omit<WebhookWorkerOptions, 'onAlert'>> &
    Pick<WebhookWorkerOptions, 'onAlert'>;
  readonly #token = randomUUID();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = true;
  /** The last round threw: wait a full poll interval before the next. */
  #failed = false;
  #onDemand: Promise<unknown> = Promise.resolve();
  /** Ends the current gathering pause early (on stop). */
  #endPause: (() => void) | undefined;
  /** The clock's reading when the last round claimed (what it could see as due). */
  #lastClaimAt = Number.NEGATIVE_INFINITY;

  constructor(options: WebhookWorkerOptions) {
    this.#options = {
      ...options,
      concurrency: options.concurrency ?? 16,
      pollIntervalMs: options.pollIntervalMs ?? 10_000,
      gatherMs: options.gatherMs ?? 100,
      now: options.now ?? Date.now,
    };
  }

  start(): void {
    this.#stopped = false;
    // SQLite has one process: claims left by one that died come back at once.
    this.#running = this.#options.store
      .releaseStaleClaims()
      .catch((error: unknown) => this.#options.logger.error('webhook_error', { error }))
      .finally(() => {
        this.#running = undefined;
        this.kick();
      });
  }

  /** Looks at the queue now (after an event was queued). */
  kick(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#running = this.#loop()
      .then(() => this.#schedule())
      .finally(() => {
        this.#running = undefined;
      });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#endPause?.();
    await this.#running;
  }

  /** Delivers what is due now, round after round (the Supabase worker's call); the count. */
  runOnce(): Promise<number> {
    const run = this.#onDemand.then(async () => {
      let handled = 0;
      for (;;) {
        const count = await this.#round();
        handled += count;
        if (count === 0) return handled;
      }
    });
    this.#onDemand = run.catch(() => undefined);
    return run;
  }

  async #loop(): Promise<void> {
    this.#failed = false;
    try {
      do {
        this.#again = false;
        // Until a round finds nothing: a delivered event may have freed its request's next one.
        const handled = await this.#round();
        if (handled > 0) this.#again = true;
        if (handled > 0 && handled < this.#options.concurrency) await this.#pause();
      } while (this.#again && !this.#stopped);
    } catch (error) {
      this.#options.logger.error('webhook_error', { error });
      // Not at once again (the database is away): at the next poll.
      this.#failed = true;
    }
  }

  #pause(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, this.#options.gatherMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#endPause = done;
    }).finally(() => {
      this.#endPause = undefined;
    });
  }

  async #schedule(): Promise<void> {
    if (this.#stopped) return;
    const { store, pollIntervalMs, now } = this.#options;
    let wait = pollIntervalMs;
    try {
      const next = this.#failed ? undefined : await store.nextDueAt();
      wait = waitBeforeNextLook({
        next,
        lastClaimAt: this.#lastClaimAt,
        now: now(),
        pollIntervalMs,
      });
    } catch {
      // The store is unavailable: look again at the next poll.
    }
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.kick(), this.#again && !this.#failed ? 0 : wait);
    this.#timer.unref();
  }

  /** One round: claim, attempt each at once, record. Returns the number claimed. */
  async #round(): Promise<number> {
    const { store, now, concurrency, leaseMs } = this.#options;
    this.#lastClaimAt = now();
    const claimed = await store.claimDue(this.#lastClaimAt, concurrency, this.#token, leaseMs);
    if (claimed.length === 0) return 0;
    const leads = await store.leadsOf(claimed);
    const gone: number[] = [];
    const attempts: Array<Promise<AttemptResult>> = [];
    for (const event of claimed) {
      const body = eventBody(event, event.leadId === null ? undefined : leads.get(event.leadId));
      // Erased meanwhile: the erasure cancelled it; nothing of the person is sent.
      if (body === undefined) gone.push(event.id);
      else attempts.push(this.#attempt(event, body));
    }
    await store.cancelUnsendable(gone, this.#token);
    const results = await Promise.all(attempts);
    const alerts = await store.record(results, this.#token, {
      endpoint: this.#options.endpoint,
      messageId: this.#options.alertMessageId,
      now: now(),
    });
    for (const result of results) this.#log(result);
    if (alerts.length > 0) {
      for (const alert of alerts) {
        this.#options.logger.warn('webhook_alert', { kind: alert.kind, failed: alert.failed });
      }
      this.#options.onAlert?.(alerts);
    }
    return claimed.length;
  }

  async #attempt(event: ClaimedEvent, body: string): Promise<AttemptResult> {
    const { sender, now, retryDelaysMs } = this.#options;
    const at = now();
    const sent = await sender.send(event.webhookId, body, new Date(at));
    const status = sent.httpStatus;
    const done = now();
    let outcome: AttemptResult['outcome'];
    if (status !== null && status >= 200 && status < 300) outcome = { kind: 'delivered' };
    else if (status === 410) outcome = { kind: 'gone' };
    else {
      const wait = retryDelaysMs[event.attempts];
      outcome =
        wait === undefined ? { kind: 'failed' } : { kind: 'retry', nextAttemptAt: done + wait };
    }
    return { event, at, ...sent, outcome };
  }

  #log(result: AttemptResult): void {
    // Ids and codes only: never the body, which holds the person's data.
    const fields = {
      webhookId: result.event.webhookId,
      type: result.event.type,
      leadId: result.event.leadId,
      attempt: result.event.attempts + 1,
      httpStatus: result.httpStatus,
      durationMs: Math.round(result.durationMs),
      status: result.outcome.kind,
    };
    if (result.outcome.kind === 'delivered') this.#options.logger.info('webhook_delivered', fields);
    else this.#options.logger.warn('webhook_attempt_failed', { ...fields, error: result.error });
  }
}
