import { randomUUID } from 'node:crypto';

import type { MailMessage } from './templates.ts';
import { composeRow, TO_VISITOR } from './compose-mail.ts';
import { TransportError } from './mail-transport.ts';
import type { Lead } from '#server/db/records/lead.ts';
import type { OutboxRow } from './rows.ts';

import {
  backoffDelay,
  mailFileStem,
  OUTBOX_DEFAULTS,
  type OutboxOptions,
} from './worker-options.ts';

export { backoffDelay, type OutboxOptions };

/**
 * Drains the outbox: claims due e-mails (a lease in the database, so that the workers of several
 * instances never send the same one), sends each, marks it sent right after the transport
 * accepted it, and retries failures with exponential backoff. Everything it needs is in the
 * database, so pending mail is sent after a restart. A crash between the send and the mark can
 * resend one message once its lease has run out, with the same Message-ID, so the receiving side
 * can recognise it.
 */
export class OutboxWorker {
  private readonly options: Required<Omit<OutboxOptions, 'now' | 'digest' | 'webhookAlert'>> &
    Pick<OutboxOptions, 'digest' | 'webhookAlert'> & { now: () => number };
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  /** This worker's claims are marked with it. */
  private readonly token = randomUUID();
  /**
   * Sends the transport accepted but the database could not record (it went away): recorded
   * first when it is back, so that this worker never sends them again.
   */
  private readonly unrecorded = new Map<number, number>();

  constructor(options: OutboxOptions) {
    this.options = { ...OUTBOX_DEFAULTS, now: Date.now, ...options };
  }

  start(): void {
    this.stopped = false;
    this.running = this.options.store
      .retryPendingNow(this.options.now())
      .then(
        () => undefined,
        (error: unknown) => {
          this.options.logger.error('outbox_error', { error: (error as Error).message });
        },
      )
      .finally(() => {
        this.running = undefined;
        this.kick();
      });
  }

  /** Looks at the outbox now (after a new request was stored). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.loop()
      .then(() => this.schedule())
      .finally(() => {
        this.running = undefined;
      });
  }

  /**
   * Sends what is due now, batch after batch, and resolves with the number of e-mails handled
   * (sent, retried or given up). For a caller that runs the worker on demand instead of `start`:
   * the Supabase `outbox-worker` function, called every minute by pg_cron.
   */
  runOnce(): Promise<number> {
    // Calls overlap when one isolate serves two requests, and a started worker's own loop may be
    // sending: each pass runs alone, since this worker's claims are its own (a second pass would
    // take the first's rows back, and send them again).
    const run = this.onDemand.then(() => this.drainAlone());
    this.onDemand = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private onDemand: Promise<void> = Promise.resolve();

  /** Waits for the loop to end its pass, then drains while `kick` only asks for another. */
  private async drainAlone(): Promise<number> {
    while (this.running) await this.running;
    const drain = this.drainNow();
    const done = drain.then(
      () => undefined,
      () => undefined,
    );
    this.running = done;
    try {
      return await drain;
    } finally {
      if (this.running === done) this.running = undefined;
      // A started worker's timer was not re-armed by a kick made meanwhile: arm it again.
      if (!this.stopped) void this.schedule();
    }
  }

  private async drainNow(): Promise<number> {
    // A worker that was not started counts as stopped, and a stopped worker sends nothing.
    const wasStopped = this.stopped;
    this.stopped = false;
    let handled = 0;
    try {
      for (;;) {
        this.again = false;
        const count = await this.sendDue();
        handled += count;
        if (count < this.options.batchSize && !this.again) return handled;
      }
    } finally {
      this.stopped = wasStopped;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private async schedule(): Promise<void> {
    if (this.stopped) return;
    const { store, pollIntervalMs, now } = this.options;
    let wait = pollIntervalMs;
    try {
      const next = await store.nextDueAt();
      if (next !== undefined) wait = Math.min(pollIntervalMs, Math.max(0, next - now()));
    } catch {
      // The store is unavailable: look again at the next poll.
    }
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.kick(), this.again ? 0 : wait);
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
    const { store, now, leaseMs, sendConcurrency } = this.options;
    await this.recordUnrecorded();
    const claimedAt = now();
    const due = await store.claimDue(claimedAt, this.options.batchSize, this.token, leaseMs);
    // The claimed rows' leads, in one read (a lead erased meanwhile loses its outbox rows by
    // cascade: `send` sees it right before it sends, and its mark then changes nothing).
    const leads = await this.options.leads.getLeads(
      due.flatMap((row) => (row.leadId === null ? [] : [row.leadId])),
    );
    for (let index = 0; index < due.length; index += sendConcurrency) {
      if (this.stopped || now() >= claimedAt + leaseMs / 2) {
        // Not enough of the lease left to send safely: give the rest back and claim again.
        await store.releaseClaims(
          due.slice(index).map((rest) => rest.id),
          this.token,
        );
        this.again = !this.stopped;
        break;
      }
      // One at a time by default: a crash can then cut at most one send between the
      // transport's acceptance and its mark, the one e-mail that may be sent twice.
      const group = due.slice(index, index + sendConcurrency);
      const outcomes = await Promise.all(
        group.map((row) => this.send(row, row.leadId === null ? undefined : leads.get(row.leadId))),
      );
      const sent = group.filter((_, i) => outcomes[i]).map((row) => row.id);
      if (sent.length === 0) continue;
      const sentAt = now();
      try {
        await store.markSent(sent, sentAt);
      } catch (error) {
        for (const id of sent) this.unrecorded.set(id, sentAt);
        throw error;
      }
    }
    return due.length;
  }

  /**
   * True while the row and every request its message lists still exist. Otherwise the e-mail is
   * not sent (an erased request's rows are gone with it), and a digest that lists an erased
   * request is given back, to be written again without it.
   */
  private async stillWanted(row: OutboxRow, message: MailMessage): Promise<boolean> {
    if (await this.options.store.stillWanted(row.id, message.leadIds ?? [])) return true;
    if (message.leadIds) {
      await this.options.store.releaseClaims([row.id], this.token);
      this.again = true;
    }
    this.options.logger.info('mail_dropped', { kind: row.kind, reason: 'erased' });
    return false;
  }

  /** A refused send: given up when a visitor's address refuses mail for good, else retried. */
  private async recordFailure(row: OutboxRow, attempts: number, error: unknown): Promise<void> {
    const { store, logger, now, baseDelayMs, maxDelayMs } = this.options;
    const failure = error instanceof TransportError ? error : new TransportError('unknown', false);
    const fields = { leadId: row.leadId, kind: row.kind, attempts, code: failure.code };
    if (failure.permanent && TO_VISITOR.has(row.kind)) {
      // The visitor's address refuses mail: retrying cannot help. The company's
      // e-mails are never abandoned.
      await store.markFailed(row.id, this.token, now(), failure.code);
      logger.warn('mail_failed', { ...fields, status: 'failed' });
      return;
    }
    const delay = backoffDelay(attempts, baseDelayMs, maxDelayMs);
    await store.markRetry(row.id, this.token, now(), now() + delay, failure.code);
    logger.warn('mail_retry', { ...fields, status: 'pending', retryInMs: delay });
  }

  /** Records the sends the database missed (it was away), first, so none is sent again. */
  private async recordUnrecorded(): Promise<void> {
    const byTime = new Map<number, number[]>();
    for (const [id, sentAt] of this.unrecorded)
      byTime.set(sentAt, [...(byTime.get(sentAt) ?? []), id]);
    for (const [sentAt, ids] of byTime) {
      await this.options.store.markSent(ids, sentAt);
      for (const id of ids) this.unrecorded.delete(id);
    }
  }

  /**
   * Sends one claimed e-mail. True when the transport accepted it (the caller records it as
   * sent); false when it failed, recorded here as a retry or a failure.
   */
  private async send(row: OutboxRow, lead: Lead | undefined): Promise<boolean> {
    const { store, transport, logger, mail, now } = this.options;
    let message: MailMessage | undefined;
    try {
      message = await composeRow(this.options, row, lead, mail);
    } catch (error) {
      // An erased request's visitor e-mail cannot store its link: nothing to send (ADR 0032).
      if (await store.stillWanted(row.id, [])) throw error;
      logger.info('mail_dropped', { kind: row.kind, reason: 'erased' });
      return false;
    }
    if (!message) {
      // A lead cannot be missing with the foreign key's cascade, nor a digest's writer on a
      // server; never leave a row due forever.
      const code =
        row.kind === 'digest' || row.kind === 'webhook_alert' || row.kind === 'handover'
          ? `${row.kind}_unavailable`
          : 'lead_missing';
      await store.markFailed(row.id, this.token, now(), code);
      return false;
    }
    // As late as possible: an erasure may have committed since the claim (ADR 0032).
    if (!(await this.stillWanted(row, message))) return false;
    const attempts = row.attempts + 1;
    const stem = mailFileStem(row);
    try {
      await transport.send(message, stem);
    } catch (error) {
      await this.recordFailure(row, attempts, error);
      return false;
    }
    // A copy written while an erasure ran: removed here if the erasure committed before this
    // read, else by the erasure itself, which lists the files after its commit (ADR 0032).
    if (transport.discard && !(await this.stillWanted(row, message))) {
      await transport.discard(stem);
      return false;
    }
    logger.info('mail_sent', {
      leadId: row.leadId,
      kind: row.kind,
      attempts,
      status: 'sent',
      transport: transport.kind,
    });
    return true;
  }
}
