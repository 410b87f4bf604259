import { type ContactChoice } from '#contracts/contact/contact-choice.ts';
import { hasChosenSlots } from '#contracts/contact/choice-records.ts';
import {
  addDays,
  dueAt,
  isWorkingDay,
  localDate,
  weekday,
  zonedTime,
  type CallbackCalendar,
  type TimeRange,
} from './calendar.ts';

/**
 * The visitor's chosen slots on the company's calendar (ADR 0029). Pure, like
 * calendar.ts: every function takes the moment it reasons about and never reads a clock.
 *
 * A choice narrows the calls to days (ISO weekdays; none: every working day) and slots (none:
 * every slot of CALL_WINDOWS); a slot occurs on a working day (public holidays excluded) whose
 * weekday was chosen. Wall times are converted at each occurrence's own date, so a slot of
 * 14:00-17:00 is 13:00-16:00 UTC in winter and 12:00-15:00 UTC in summer, on both sides of a
 * daylight-saving change.
 */

/** One occurrence of a chosen slot: its local date and its start and end instants. */
export interface SlotOccurrence {
  date: string;
  slot: TimeRange;
  start: number;
  end: number;
}

/** No occurrence in this many days: a choice on days that are never working days. */
const SEARCH_DAYS = 800;

function chosenSlots(choice: ContactChoice, calendar: CallbackCalendar): readonly TimeRange[] {
  return choice.slots.length > 0 ? choice.slots : calendar.callWindows;
}

function isChosenDay(date: string, choice: ContactChoice, calendar: CallbackCalendar): boolean {
  if (!isWorkingDay(date, calendar)) return false;
  return choice.days.length === 0 || choice.days.includes(weekday(date));
}

/**
 * The first occurrence of a chosen slot that starts at or after `from` (`startsAfter`), or
 * that has not ended by `from` (an occurrence in progress counts); undefined when the choice has
 * no slot or its days are never working days.
 */
export function nextChosenSlot(
  from: number,
  choice: ContactChoice,
  calendar: CallbackCalendar,
  mode: 'starts-after' | 'not-ended' = 'starts-after',
): SlotOccurrence | undefined {
  if (!hasChosenSlots(choice)) return undefined;
  const { timeZone } = calendar;
  const slots = chosenSlots(choice, calendar);
  let date = localDate(from, timeZone);
  for (let step = 0; step < SEARCH_DAYS; step += 1) {
    if (isChosenDay(date, choice, calendar)) {
      for (const slot of slots) {
        const start = zonedTime(date, slot.start, timeZone);
        const end = zonedTime(date, slot.end, timeZone);
        if (mode === 'starts-after' ? start >= from : end > from) {
          return { date, slot, start, end };
        }
      }
    }
    date = addDays(date, 1);
  }
  return undefined;
}

/**
 * When a request is due: with slots chosen, the end of the first chosen slot that starts after
 * it was received (or its slots changed, `from`); « dès que possible » and the e-mail keep the
 * promise's rule (calendar.ts `dueAt`), as does a choice whose slots never occur.
 */
export function dueAtFor(from: number, choice: ContactChoice, calendar: CallbackCalendar): number {
  return nextChosenSlot(from, choice, calendar)?.end ?? dueAt(from, calendar);
}

/** Whether `moment` falls inside one of the chosen slots (« Dans le créneau choisi »). */
export function inChosenSlot(
  moment: number,
  choice: ContactChoice,
  calendar: CallbackCalendar,
): boolean {
  const next = nextChosenSlot(moment, choice, calendar, 'not-ended');
  return next !== undefined && next.start <= moment;
}

/** Minutes of reception remembered by `contactOffer`'s « dès que possible » due times. */
const REMEMBERED_MINUTES = 8;

/**
 * What the form may offer and the due time of each choice, as the lead service reads them
 * (`ContactOffer` in server/leads/request-contact.ts). Within one minute of reception the
 * promise's due time either moves with the reception (received on a working day: plus whole
 * hours) or stays (received on a day off: the end of the next working day), as day boundaries
 * fall on whole minutes; so it is computed once per minute, not once per request (the
 * calendar's arithmetic cost a quarter of a millisecond per request under load). A chosen
 * slot's is computed for its request.
 */
export function contactOffer(calendar: CallbackCalendar) {
  const byMinute = new Map<number, { due: number; moves: boolean }>();
  const promiseDue = (receivedAt: number): number => {
    const minuteStart = Math.floor(receivedAt / 60_000) * 60_000;
    let known = byMinute.get(minuteStart);
    if (!known) {
      const due = dueAt(minuteStart, calendar);
      known = { due, moves: dueAt(minuteStart + 59_999, calendar) - due === 59_999 };
      byMinute.set(minuteStart, known);
      if (byMinute.size > REMEMBERED_MINUTES) {
        byMinute.delete(byMinute.keys().next().value as number);
      }
    }
    return known.moves ? known.due + (receivedAt - minuteStart) : known.due;
  };
  return {
    workingDays: calendar.workingDays,
    callWindows: calendar.callWindows,
    dueAt: (receivedAt: number, choice: ContactChoice) =>
      hasChosenSlots(choice) ? dueAtFor(receivedAt, choice, calendar) : promiseDue(receivedAt),
  };
}
