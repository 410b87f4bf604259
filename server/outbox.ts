import type { Logger } from './logger';
import { buildMail, type MailSettings } from './mail/templates';
import { TransportError, type MailTransport } from './mail/transport';
import type { LeadStore, OutboxRow } from './store';

/**
 * Drains the outbox: sends each pending e-mail, marks it sent right after the transport accepted
 * it, and retries failures with exponential backoff. Everything it needs is in the database, so
 * pending mail is sent after a restart. A crash between the send and the mark can resend one
 * message, with the same Message-ID, so the receiving side can recognise it.
 */
export interface OutboxOptions {
  store: LeadStore;
  transport: MailTransport;
  logger: Logger;
  mail: MailSettings;
  /** Longest wait between two looks at the outbox. */
  pollIntervalMs?: number;
  /** First retry delay; doubles with each failure up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  batchSize?: number;
  now?: () => number;
}

export const OUTBOX_DEFAULTS = {
  pollIntervalMs: 10_000,
  baseDelayMs: 5_000,
  maxDelayMs: 5 * 60_000,
  batchSize: 25,
} as const;

export function backoffDelay(attempts: number, baseMs: number, maxMs: number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(maxMs, baseMs * 2 ** exponent);
}

/** The file name (without `.eml`) of one message in the file transport. */
export function mailFileStem(row: Pick<OutboxRow, 'leadId' | 'kind'>): string {
  return `${row.leadId}-${row.kind}`;
}

export class OutboxWorker {
  private readonly options: Required<Omit<OutboxOptions, 'now'>> & { now: () => number };
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(options: OutboxOptions) {
    this.options = { ...OUTBOX_DEFAULTS, now: Date.now, ...options };
  }

  start(): void {
    this.stopped = false;
    try {
      this.options.store.retryPendingNow(this.options.now());
    } catch (error) {
      this.options.logger.error('outbox_error', { error: (error as Error).message });
    }
    this.kick();
  }

  /** Looks at the outbox now (after a new request was stored). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.loop().finally(() => {
      this.running = undefined;
      this.schedule();
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    const { store, pollIntervalMs, now } = this.options;
    let wait = pollIntervalMs;
    try {
      const next = store.nextDueAt();
      if (next !== undefined) wait = Math.min(pollIntervalMs, Math.max(0, next - now()));
    } catch {
      // The store is unavailable: look again at the next poll.
    }
    this.timer = setTimeout(() => this.kick(), wait);
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    try {
      do {
        this.again = false;
        const handled = await this.sendDue();
        if (handled === this.options.batchSize) this.again = true;
      } while (this.again && !this.stopped);
    } catch (error) {
      this.options.logger.error('outbox_error', { error: (error as Error).message });
    }
  }

  private async sendDue(): Promise<number> {
    const { store, transport, logger, mail, now, baseDelayMs, maxDelayMs } = this.options;
    const due = store.dueMail(now(), this.options.batchSize);
    for (const row of due) {
      if (this.stopped) break;
      const lead = store.getLead(row.leadId);
      if (!lead) {
        // Cannot happen with the foreign key's cascade; never leave a row due forever.
        store.markFailed(row.id, now(), 'lead_missing');
        continue;
      }
      const attempts = row.attempts + 1;
      try {
        await transport.send(buildMail(row.kind, lead, mail, row.messageId), mailFileStem(row));
      } catch (error) {
        const failure =
          error instanceof TransportError ? error : new TransportError('unknown', false);
        const fields = { leadId: row.leadId, kind: row.kind, attempts, code: failure.code };
        if (failure.permanent && row.kind === 'confirmation') {
          // The visitor's address refuses mail: retrying cannot help. The company's
          // notification is never abandoned.
          store.markFailed(row.id, now(), failure.code);
          logger.warn('mail_failed', { ...fields, status: 'failed' });
          continue;
        }
        const delay = backoffDelay(attempts, baseDelayMs, maxDelayMs);
        store.markRetry(row.id, now(), now() + delay, failure.code);
        logger.warn('mail_retry', { ...fields, status: 'pending', retryInMs: delay });
        continue;
      }
      store.markSent(row.id, now());
      logger.info('mail_sent', {
        leadId: row.leadId,
        kind: row.kind,
        attempts,
        status: 'sent',
        transport: transport.kind,
      });
    }
    return due.length;
  }
}
