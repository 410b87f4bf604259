/**
 * The call-back clock, built from the settings (server/env.ts) and its stores: the calendar, the
 * service, what the visitor and the e-mails are told of the due time, and the morning digest.
 * The Node server (server/compose.ts) and the Edge Functions build it here.
 */
import type { CallbackTime } from '#contracts/contact/callback-time.ts';
import type { CallbackFacts } from '#contracts/contact/callback-time.ts';
import type { ContactChoice } from '#contracts/contact/contact-choice.ts';
import { formatDueTime } from '#contracts/staff/callback-format.ts';
import { companyMailDomain } from '#server/env.ts';
import type { Logger } from '#server/logger.ts';
import type { MailSchedule, MailSettings } from '#server/outbox/index.ts';
import { callbackFactsBy } from './answer.ts';
import { type CallbackCalendar, dueAt } from './calendar.ts';
import { DigestScheduler } from './digest.ts';
import { CallbackService } from './service.ts';
import { calendarFromEnv, type CallbackEnv } from './settings.ts';
import { contactOffer, nextChosenSlot } from './slots.ts';
import type { CallbackStore } from './store.ts';
import { dueWallTimeBy } from './wall-time.ts';

/** The call-back clock's answers, from the settings alone (what the Edge Functions need). */
export interface CallbackClock {
  calendar: CallbackCalendar;
  /** What the visitor is told: the due time of a request, on the company's wall clock. */
  timeBy: (receivedAt: number) => CallbackTime;
  /** What the contact endpoint answers of the call-back. */
  facts: (receivedAt: number, choice: ContactChoice) => CallbackFacts;
  /** The days and slots a visitor may choose, and their due times (the lead service's). */
  offer: ReturnType<typeof contactOffer>;
  /** The calendar as the e-mails need it (due times, chosen slots, invitations). */
  mail: Pick<MailSettings, 'dueTime' | 'callbackBy' | 'timeZone'> & { schedule: MailSchedule };
}

/** The clock with its service over the stores (the Node server: the inbox, the digest). */
export interface Callback extends CallbackClock {
  service: CallbackService;
}

export function buildCallback(
  settings: CallbackEnv,
  stores: ConstructorParameters<typeof CallbackService>[0],
  clock: () => number,
): Callback {
  const callbackClock = buildCallbackClock(settings);
  return {
    ...callbackClock,
    service: new CallbackService(stores, callbackClock.calendar, clock),
  };
}

export function buildCallbackClock(settings: CallbackEnv): CallbackClock {
  const calendar = calendarFromEnv(settings);
  const timeBy = dueWallTimeBy(calendar);
  return {
    calendar,
    timeBy,
    facts: callbackFactsBy(calendar, timeBy),
    offer: contactOffer(calendar),
    mail: {
      dueTime: (receivedAt) => formatDueTime(dueAt(receivedAt, calendar), calendar.timeZone),
      callbackBy: timeBy,
      ...mailCalendar(calendar),
    },
  };
}

/**
 * The company's calendar as the e-mails need it: the visitor's chosen slot and the invitations'
 * UID domain; with the time zone of the notification's due time.
 */
export function mailCalendar(
  calendar: CallbackCalendar,
): Pick<MailSettings, 'timeZone'> & { schedule: MailSchedule } {
  return {
    timeZone: calendar.timeZone,
    schedule: {
      nextSlot: (from, choice) => nextChosenSlot(from, choice, calendar),
      uidDomain: companyMailDomain(),
    },
  };
}

/** The morning digest's scheduler (the Node server only). */
export function buildDigest(
  store: CallbackStore,
  callback: CallbackService,
  deps: { logger: Logger; onQueued: () => void; lookEveryMs?: number },
): DigestScheduler {
  return new DigestScheduler({
    store,
    callback,
    logger: deps.logger,
    messageDomain: companyMailDomain(),
    onQueued: deps.onQueued,
    lookEveryMs: deps.lookEveryMs,
  });
}
