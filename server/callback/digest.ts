import type { Logger } from '#server/logger.ts';
import type { MailMessage, MailSettings, OutboxRow } from '#server/outbox/index.ts';
import { digestDue } from './calendar.ts';
import { buildDigest } from './digest-mail.ts';
import { personalDigest } from './digest-people.ts';
import { SHARED_DIGEST } from './digest-store.ts';
import type { CallbackService } from './service.ts';
import type { CallbackStore } from './store.ts';

/**
 * The morning digest. Every instance looks every minute (and at start); on a working day from
 * DIGEST_AT to the end of the call hours, the first look claims the day for each active person
 * whose digest is on (ADR 0048; MAIL_TO's shared one while the team has nobody): one row in
 * `digests` (its primary key is the day and the person) and, in the same transaction, the e-mail
 * in the outbox, which the outbox workers send and retry like any other. A digest with nothing
 * to report gets its row and no e-mail. Outside that span (a day off, before DIGEST_AT, after the call hours) nothing happens:
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

/** One per day and person (ids only); the shared digest keeps the day's alone. */
function digestMessageId(day: string, personId: string, domain: string): string {
  return personId === SHARED_DIGEST
    ? `<digest.${day}@${domain}>`
    : `<digest.${day}.${personId}@${domain}>`;
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
    const { callback, store } = this.#options;
    const now = callback.clock();
    const due = digestDue(now, callback.calendar);
    if (!due || due.day === this.#settledDay) return undefined;
    const items = await callback.dueBy(due.dueBy);
    const { people, anyone } = await store.digests.digestPeople();
    const look: DigestLook = { day: due.day, claimed: false, count: 0 };
    // Nobody in the team yet: the shared digest to MAIL_TO, as before the team existed.
    const digests = anyone
      ? people.map((person) => ({ personId: person.id, ...personalDigest(person, items, now) }))
      : [{ personId: SHARED_DIGEST, items: items.map(({ id, dueAt }) => ({ id, dueAt })) }];
    for (const digest of digests) {
      const result = await store.digests.claimDigest({
        ...digest,
        day: due.day,
        now,
        messageId: digestMessageId(due.day, digest.personId, this.#options.messageDomain),
      });
      if (!result.claimed) continue;
      look.claimed = true;
      look.count += result.count;
    }
    this.#settledDay = due.day;
    if (look.claimed) {
      this.#options.logger.info('digest_claimed', { day: due.day, count: look.count });
      this.#options.onQueued();
    }
    return look;
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
    const personId = row.personId ?? SHARED_DIGEST;
    const content = await store.digests.digestContent(row.digestDay, personId);
    // A person deactivated since the claim gets nothing.
    if (!content || (personId !== SHARED_DIGEST && !content.person)) return undefined;
    return buildDigest(
      {
        ...content,
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
