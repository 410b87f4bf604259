import { type CallbackFacts, encodeCallbackTime } from '#contracts/contact/callback-time.ts';
import type { ContactChoice } from '#contracts/contact/contact-choice.ts';
import type { CallbackCalendar } from './calendar.ts';
import { nextChosenSlot } from './slots.ts';
import { dueWallTimeBy, wallTimeAt } from './wall-time.ts';

/**
 * What the endpoint tells the visitor of the call-back (ADR 0029): for the phone with slots, the
 * first chosen slot after reception (its start and end, the end being the request's due time);
 * otherwise the promise's due time, for the e-mail as for the phone « dès que possible » and a
 * client that offered no choice (the seed's payload). Wall times of the company's calendar.
 */
export function callbackFactsBy(
  calendar: CallbackCalendar,
  promiseBy: (receivedAt: number) => { date: string; time: string } = dueWallTimeBy(calendar),
): (receivedAt: number, choice: ContactChoice) => CallbackFacts {
  return (receivedAt, choice) => {
    const recontact = choice.channel === 'non_precise' ? undefined : choice.channel;
    const slot = nextChosenSlot(receivedAt, choice, calendar);
    if (slot) {
      return {
        callbackBy: encodeCallbackTime(wallTimeAt(slot.end, calendar.timeZone)),
        callbackFrom: encodeCallbackTime(wallTimeAt(slot.start, calendar.timeZone)),
        recontact,
      };
    }
    const facts: CallbackFacts = { callbackBy: encodeCallbackTime(promiseBy(receivedAt)) };
    if (recontact) facts.recontact = recontact;
    return facts;
  };
}
