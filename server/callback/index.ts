/**
 * The call-back clock's entry module (ADR 0022): the calendar, the service, the digest, its
 * store and its part of the inbox's SQL. Its HTTP routes (./routes.ts) are registered by the
 * composition root only.
 */
export {
  addDays,
  type CallbackCalendar,
  dayStart,
  DEFAULT_CALENDAR,
  localDate,
} from './calendar.ts';
export { choiceLine } from './digest-copy.ts';
export { DigestScheduler, digestWriter } from './digest.ts';
export {
  type DueBound,
  dueOrder,
  dueWithin,
  type InboxClockFilter,
  notYetCalled,
  type StoreInboxPage,
} from './inbox-sql.ts';
export { CALLS_WINDOW_MS, CallbackService, type ExportedLead, type InboxReads } from './service.ts';
export { calendarFromEnv, CALLBACK_SETTINGS, callWindowsProblem } from './settings.ts';
export { callbackFactsBy } from './answer.ts';
export { dueWallTimeBy } from './wall-time.ts';
export {
  contactOffer,
  dueAtFor,
  inChosenSlot,
  nextChosenSlot,
  type SlotOccurrence,
} from './slots.ts';
export { CallbackStore } from './store.ts';
export {
  buildCallback,
  buildCallbackClock,
  buildDigest,
  type Callback,
  type CallbackClock,
  mailCalendar,
} from './build.ts';
