/**
 * The call-back clock's entry module (ADR 0022): the calendar, the service (which gives the
 * inbox's pages their clock's fields), the digest, its store and the SQL conditions the inbox's
 * list shares. Its HTTP routes (./routes.ts) are registered by the composition root only.
 */
export {
  addDays,
  type CallbackCalendar,
  callWindow,
  dayStart,
  DEFAULT_CALENDAR,
  localDate,
} from './calendar.ts';
export { choiceLine } from './digest-copy.ts';
export { DigestScheduler, digestWriter } from './digest.ts';
export { type DueBound, dueOrder, dueWithin, notYetCalled } from './clock-sql.ts';
export { CallbackService } from './service.ts';
export { calendarFromEnv } from './settings.ts';
export { dueWallTimeBy } from './wall-time.ts';
export { contactOffer, dueAtFor, nextChosenSlot } from './slots.ts';
export { CallbackStore } from './store.ts';
export {
  buildCallback,
  buildCallbackClock,
  buildDigest,
  type Callback,
  type CallbackClock,
  mailCalendar,
} from './build.ts';
