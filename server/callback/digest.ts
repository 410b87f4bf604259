import type { Logger } from '#server/logger.ts';
import type { MailMessage, MailSettings, OutboxRow } from '#server/outbox/index.ts';
import { digestDue } from './calendar.ts';
import { buildDigest } from './digest-mail.ts';
import type { CallbackService } from './service.ts';
import type { CallbackStore } from './store.ts';

/**
 * The morning digest. Every instance looks every minute (and at start); on a working day from
 * DIGEST_AT to the end of the call hours, the first look claims the day: one row in `digests`
 * (its primary key is the day) and, in the same transaction, the e-mail in the outbox, which the
 * outbox workers send and retry like any other. A day with nothing due gets its row and no
 * e-mail. Outside that span (a day off, before DIGEST_AT, after the call hours) nothing happens:
 * never a digest for a past day.
 */
export interface DigestOptions {
  store: CallbackStore;
  callback: CallbackService;
  logger: Logger;
  messageDomain: string;
  /** Wakes the outbox worker once the digest is queued. */
  onQueued: () => void;
  /** How often to look (ms); default one minute. */
  lookEveryMs?: number;
}

export interface DigestLook {
  day: string;
  claimed: boolean;
  count: number;
}

function digestMessageId(day: string, domain: string): string {
  return `<digest.${day}@${domain}>`;
}

export class DigestScheduler {
  readonly #options: DigestOptions;
  #timer: NodeJS.Timeout | undefined;
  /** The day this instance saw settled (claimed here or elsewhere): no need to ask again. */
  #settledDay: string | undefined;
  #running: Promise<DigestLook | undefined> | undefined;

  constructor(options: DigestOptions) {
    this.#options = options;
  }

  /** Looks now: claims today's digest if it is due and nobody has yet. */
  look(): Promise<DigestLook | undefined> {
    this.#running ??= this.#look().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #look(): Promise<DigestLook | undefined> {
    const { callback, store, messageDomain } = this.#options;
    const now = callback.clock();
    const due = digestDue(now, callback.calendar);
    if (!due || due.day === this.#settledDay) return undefined;
    const items = await callback.dueBy(due.dueBy);
    const result = await store.digests.claimDigest({
      day: due.day,
      now,
      messageId: digestMessageId(due.day, messageDomain),
      items: items.map((item) => ({ id: item.id, dueAt: item.dueAt })),
    });
    this.#settledDay = due.day;
    if (result.claimed) {
      this.#options.logger.info('digest_claimed', { day: due.day, count: result.count });
      if (result.count > 0) this.#options.onQueued();
    }
    return { day: due.day, ...result };
  }

  start(): void {
    const run = () =>
      void this.look().catch((error: unknown) =>
        this.#options.logger.error('digest_failed', { error: (error as Error).message }),
      );
    run();
    this.#timer = setInterval(run, this.#options.lookEveryMs ?? 60_000);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running?.catch(() => undefined);
  }
}

/** The outbox worker's writer of digest e-mails (see OutboxOptions.digest). */
export function digestWriter(
  store: CallbackStore,
  callback: CallbackService,
  /** The base of the links to the requests' pages (read when a digest is written). */
  siteUrl: () => string,
): (row: OutboxRow, settings: MailSettings) => Promise<MailMessage | undefined> {
  return async (row, settings) => {
    if (row.digestDay === null) return undefined;
    const items = await store.digests.digestContent(row.digestDay);
    if (!items) return undefined;
    return buildDigest(
      {
        items,
        decidedAt: row.createdAt,
        siteUrl: siteUrl(),
        timeZone: callback.calendar.timeZone,
        promiseHours: callback.calendar.promiseHours,
      },
      settings,
      row.messageId,
    );
  };
}
