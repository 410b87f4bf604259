/**
 * The visitor's choice of how and when to be contacted (ADR 0029): the channel
 * (« Par téléphone » or « Par e-mail uniquement ») and, for the phone, the days and time slots
 * the visitor may narrow the calls to (none ticked: « dès que possible »). Shared by the form,
 * the endpoint, the store, the e-mails and the visitor's page. No dependency: the contact page
 * loads this.
 *
 * Encodings: a day is its French name (`lundi` … `dimanche`, ISO weekday 1 … 7); a slot is
 * `HH:MM-HH:MM` in the company's time zone, one of the CALL_WINDOWS setting. Stored, a choice's
 * days are ISO weekday numbers (`1,4`) and its slots the same `HH:MM-HH:MM` list.
 */

/** What the visitor may choose on the form. */
export const CONTACT_CHANNELS = ['telephone', 'email'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/**
 * What is stored: the visitor's choice, or `non_precise` for a client that sends the seed's
 * payload without it (the reference site's contract: « par téléphone ou par e-mail »).
 */
export const STORED_CHANNELS = ['telephone', 'email', 'non_precise'] as const;
export type StoredChannel = (typeof STORED_CHANNELS)[number];

/** The days' names in the payload, Monday first (index + 1 = ISO weekday). */
export const DAY_NAMES = [
  'lundi',
  'mardi',
  'mercredi',
  'jeudi',
  'vendredi',
  'samedi',
  'dimanche',
] as const;
export type DayName = (typeof DAY_NAMES)[number];

export function dayNameOf(isoWeekday: number): DayName | undefined {
  return DAY_NAMES[isoWeekday - 1];
}

/** The default of CALL_WINDOWS: three slots inside the default call hours. */
/** A slot as minutes since local midnight: start included, end excluded. */
export interface SlotRange {
  start: number;
  end: number;
}

const SLOT = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/;

/** `10:00-13:00` → `{ start: 600, end: 780 }`; undefined unless a well-formed, non-empty slot. */
export function parseSlot(text: string): SlotRange | undefined {
  const match = SLOT.exec(text.trim());
  if (!match) return undefined;
  const [h1, m1, h2, m2] = match.slice(1).map(Number) as [number, number, number, number];
  const start = h1 * 60 + m1;
  const end = h2 * 60 + m2;
  if (m1 > 59 || m2 > 59 || start > 24 * 60 || end > 24 * 60 || end <= start) return undefined;
  return { start, end };
}

const NBSP = '\u00a0';
const pad = (value: number) => String(value).padStart(2, '0');
const clock = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** `{ start: 600, end: 780 }` → `10:00-13:00` */
export function encodeSlot(slot: SlotRange): string {
  return `${clock(slot.start)}-${clock(slot.end)}`;
}

/** `10:00-13:00,14:00-17:00` → the slots, sorted; undefined if one is malformed or they overlap. */
/** 600 → « 10 h », 630 → « 10 h 30 ». */
export function hourText(minutes: number): string {
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  return minute === 0 ? `${hour}${NBSP}h` : `${hour}${NBSP}h${NBSP}${pad(minute)}`;
}

/** « de 14 h à 17 h » */
export function slotText(slot: SlotRange): string {
  return `de ${hourText(slot.start)} à ${hourText(slot.end)}`;
}

/**
 * A request's choice as stored and read back by every capability. `days` and `slots` are empty
 * for « dès que possible » and for the e-mail.
 */
export interface ContactChoice {
  channel: StoredChannel;
  /** ISO weekdays, ascending. */
  days: number[];
  slots: SlotRange[];
}

/** The choice of a client that sent none (the seed's contract). */
/** Whether staff may phone the person: a phone choice, or a client that offered no choice. */
/** Whether the visitor narrowed the calls to days or slots (otherwise « dès que possible »). */
/** Stored columns ↔ choice: `1,4` and `10:00-13:00,14:00-17:00`. */
/** The stored choice of a row (`contact_channel`, `contact_days`, `contact_slots`). */
/** The days in words: « mardi, jeudi »; empty for none. */
/**
 * The choice in words, as staff read it (the notification, the digest, the CSV's « Créneaux souhaités »):
 * « mardi, jeudi ; de 14 h à 17 h », « dès que possible », « — » for no phone.
 */
/** The channels the form offers, in words (STORED_CHANNEL_LABELS in choice-records.ts adds `non_precise`). */
export const CHANNEL_LABELS: Record<ContactChannel, string> = {
  telephone: 'Par téléphone',
  email: 'Par e-mail uniquement',
};

/** The form's wording of the choice: stored with each request, as the consent's is. */
export const CHOICE_QUESTION = 'Comment souhaitez-vous être recontacté(e) ?';
export const WHEN_QUESTION = 'Quand vous appeler ?';
export const WHEN_HINT =
  'Facultatif. Sans choix de votre part, nous vous appelons dès que possible.';
export const DAYS_LEGEND = 'Jours';
export const SLOTS_LEGEND = 'Créneaux';

/**
 * Version of the wording above: the day it took effect (deployed), never later (a consent is
 * recorded with it from that day). Whenever the text changes, set it to the day the change goes
 * out (ADR 0037).
 */
export const CHOICE_VERSION = '2026-11-26';

/**
 * The wording the visitor agreed to, as stored: the question, the option ticked and, for the
 * phone, the days and slots (« Comment souhaitez-vous être recontacté(e) ? Par téléphone.
 * Quand vous appeler ? mardi ; de 14 h à 17 h. »).
 */
/** Payload keys (JSON keys and the native form's control names). */
const DAYS_FIELD = 'jours';
const SLOTS_FIELD = 'creneaux';
/**
 * A hidden field of the form that shows the choice, carrying CHOICE_VERSION: a request with it
 * must carry the choice (the form required it); one without it is the seed's contract.
 */
export const CHOICE_VERSION_FIELD = 'recontactVersion';
/** The keys a native form repeats (one per box ticked). */
export const REPEATED_FIELDS = [DAYS_FIELD, SLOTS_FIELD] as const;
