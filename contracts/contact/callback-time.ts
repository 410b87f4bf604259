/**
 * The latest time the company calls a visitor back, as the visitor reads it: in the company's
 * time zone, « lundi 30 novembre à 19 h ». The server computes it with the call-back clock
 * (`wallTimeAt` in server/callback/wall-time.ts) and sends it as a local wall time
 * (`YYYY-MM-DDTHH:MM`, `24:00` for the end of a day) in the endpoint's answer and in the
 * fragment of the thank-you page's address; the page, the form and the confirmation e-mail write
 * it out with the functions below. `formatCallbackTime` is the one writer of a deadline: the
 * staff pages, the digest, the notification and `leads -- due` reach it through
 * contracts/staff/callback-format.ts `formatDueTime` (ADR 0036). No dependency: the contact page
 * loads this.
 */

/** A wall time of the company's calendar; `time` may be `24:00` (the end of `date`). */
export interface CallbackTime {
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:MM`, 00:00–24:00 */
  time: string;
}

/** The key of the thank-you page's address fragment that carries the time (`#rappel=…`). */
const CALLBACK_FRAGMENT_KEY = 'rappel';

const WEEKDAYS = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'];
const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];
const NBSP = '\u00a0';

const ENCODED = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** `2026-11-30T19:00` */
export function encodeCallbackTime(value: CallbackTime): string {
  return `${value.date}T${value.time}`;
}

/** The time in an answer or a fragment; undefined unless it is a real date and time. */
export function parseCallbackTime(text: string | null | undefined): CallbackTime | undefined {
  const match = ENCODED.exec(text ?? '');
  if (!match) return undefined;
  const [, year, month, day, hour, minute] = match.map(Number) as number[] as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const check = new Date(Date.UTC(year, month - 1, day));
  const realDate =
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day;
  const realTime = (hour < 24 && minute < 60) || (hour === 24 && minute === 0);
  if (!realDate || !realTime) return undefined;
  const [date = '', time = ''] = (text ?? '').split('T');
  return { date, time };
}

/** « lundi 30 novembre », « mardi 1er décembre ». */
export function dateText(date: string): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const weekday = WEEKDAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7];
  return `${weekday} ${day === 1 ? '1er' : String(day)}${NBSP}${MONTHS[month - 1]}`;
}

/** « 19 h », « 9 h 30 ». */
function clockText(time: string): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return minute === 0
    ? `${hour}${NBSP}h`
    : `${hour}${NBSP}h${NBSP}${String(minute).padStart(2, '0')}`;
}

/** The end of a day (local midnight, `24:00` of the day before), as a deadline. */
export const END_OF_DAY = '24:00';

/**
 * A deadline, written one way for everyone (ADR 0036): « lundi 30 novembre à 19 h », « mardi
 * 1er décembre à 9 h 30 », and the end of a day « lundi 30 novembre, fin de journée » (never
 * « 24 h », « 24:00 » nor the next day's « 0 h »).
 */
export function formatCallbackTime({ date, time }: CallbackTime): string {
  if (time === END_OF_DAY) return `${dateText(date)}, fin de journée`;
  return `${dateText(date)} à ${clockText(time)}`;
}

/** The sentence the visitor reads: « Nous vous rappellerons au plus tard lundi 30 novembre à 19 h. » */
export function callbackSentence(value: CallbackTime): string {
  return `Nous vous rappellerons au plus tard ${formatCallbackTime(value)}.`;
}

/**
 * What the endpoint's answer (`ContactAccepted`) and the thank-you page's fragment say of the
 * call-back, each time encoded as above: the due time (`callbackBy`); for the phone with slots,
 * the start of the first chosen slot (`callbackFrom`, the due time being its end); the channel
 * chosen (`recontact`; absent for a client that offered no choice).
 */
export interface CallbackFacts {
  callbackBy?: string;
  callbackFrom?: string;
  recontact?: 'telephone' | 'email';
}

/** The fragment's keys beside CALLBACK_FRAGMENT_KEY: the slot's start, the e-mail channel. */
const SLOT_FRAGMENT_KEY = 'creneau';
const CHANNEL_FRAGMENT_KEY = 'canal';

/**
 * The sentence the visitor reads: « Nous vous appellerons mardi 2 décembre entre 14 h et 17 h. »
 * (a chosen slot), « Nous vous répondrons par e-mail au plus tard … » (the e-mail), otherwise
 * « Nous vous rappellerons au plus tard … »; undefined without a due time.
 */
export function callbackFactsSentence(facts: CallbackFacts): string | undefined {
  const by = parseCallbackTime(facts.callbackBy);
  if (!by) return undefined;
  if (facts.recontact === 'email') {
    return `Nous vous répondrons par e-mail au plus tard ${formatCallbackTime(by)}.`;
  }
  const from = parseCallbackTime(facts.callbackFrom);
  if (from && from.date === by.date && from.time < by.time) {
    return `Nous vous appellerons ${dateText(from.date)} entre ${clockText(from.time)} et ${clockText(by.time)}.`;
  }
  return callbackSentence(by);
}

/** `rappel=2026-12-02T17:00&creneau=2026-12-02T14:00`, `rappel=…&canal=email`; '' for nothing. */
export function callbackFragment(facts: CallbackFacts): string {
  if (!facts.callbackBy) return '';
  const parts = [`${CALLBACK_FRAGMENT_KEY}=${facts.callbackBy}`];
  if (facts.callbackFrom) parts.push(`${SLOT_FRAGMENT_KEY}=${facts.callbackFrom}`);
  if (facts.recontact === 'email') parts.push(`${CHANNEL_FRAGMENT_KEY}=email`);
  return parts.join('&');
}

/** The facts of a thank-you page's fragment (`#rappel=…`), as `callbackFragment` wrote them. */
export function callbackFactsOfFragment(fragment: string): CallbackFacts {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  return {
    callbackBy: params.get(CALLBACK_FRAGMENT_KEY) ?? undefined,
    callbackFrom: params.get(SLOT_FRAGMENT_KEY) ?? undefined,
    recontact: params.get(CHANNEL_FRAGMENT_KEY) === 'email' ? 'email' : undefined,
  };
}
