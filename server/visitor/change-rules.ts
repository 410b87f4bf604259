import {
  CHOICE_VERSION,
  type ContactChoice,
  type SlotRange,
} from '#contracts/contact/contact-choice.ts';
import { callsAllowed, choiceWording, hasChosenSlots } from '#contracts/contact/choice-records.ts';
import { PHONE_CONSENT_RECORD, PHONE_CONSENT_VERSION } from '#contracts/contact/phone-consent.ts';
import type { LeadStatus } from '#contracts/staff/statuses.ts';
import { type CallbackCalendar, dueAtFor } from '#server/callback/index.ts';
import type { NewContact } from '#server/db/records/lead.ts';
import { VISITOR_MESSAGES } from './messages.ts';

/**
 * What a visitor's act does to the request as it stands (ADR 0030): decided inside the change's
 * transaction, on the request's row as locked there, so that the check and the write see the
 * same row. Pure: the store reads the row, this decides, the store writes.
 */

/** The statuses staff close a request with: its slots can no longer change. */
export const CLOSED_STATUSES: readonly LeadStatus[] = ['converti', 'perdu'];

/** The visitor's acts that change the request's contact, as the audit trail names them. */
export const CHANGE_ACTIONS = [
  'visitor_slots',
  'visitor_stop_calls',
  'visitor_allow_calls',
] as const;
type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/** The request as its change's transaction reads it. */
export interface CurrentContact {
  choice: ContactChoice;
  phoneWithdrawnAt: number | null;
  /** Not closed by staff (`converti`, `perdu`). */
  open: boolean;
}

export type VisitorAct =
  | { kind: 'slots'; days: number[]; slots: SlotRange[] }
  | { kind: 'stop' }
  | { kind: 'allow_calls' };

/** What to write: the new choice and its wording, the withdrawal, the visitor's e-mail. */
interface ContactWrite {
  action: ChangeAction;
  contact: NewContact & { dueAt: number };
  withdrawal: 'set' | 'clear' | 'keep';
  visitorMail: 'schedule_update' | 'schedule_cancel' | undefined;
  /** Counts against MAX_CHANGES_PER_DAY (false: a withdrawal, never refused). */
  bounded: boolean;
}

export type Decision =
  | { verdict: 'closed' }
  /** Days and slots asked for while the phone consent is withdrawn (or the e-mail chosen). */
  | { verdict: 'withdrawn' }
  | { verdict: 'unchanged' }
  | { verdict: 'write'; write: ContactWrite };

/** Whether staff may call: not the e-mail only, and no withdrawal standing. */
export function phoneAllowed(current: Pick<CurrentContact, 'choice' | 'phoneWithdrawnAt'>) {
  return callsAllowed(current);
}

function sameChoice(a: ContactChoice, b: ContactChoice): boolean {
  return (
    a.channel === b.channel &&
    a.days.join(',') === b.days.join(',') &&
    a.slots.map((slot) => `${slot.start}-${slot.end}`).join(',') ===
      b.slots.map((slot) => `${slot.start}-${slot.end}`).join(',')
  );
}

function write(
  calendar: CallbackCalendar,
  now: number,
  choice: ContactChoice,
  fields: Omit<ContactWrite, 'contact'> & { text: string; version: string },
): Decision {
  const { text, version, ...rest } = fields;
  const contact = { choice, text, version, dueAt: dueAtFor(now, choice, calendar) };
  return { verdict: 'write', write: { ...rest, contact } };
}

/**
 * - Days and slots change only while the phone consent stands and the request is open; the same
 *   choice again changes nothing.
 * - « Ne plus m’appeler » always applies (closed or not) unless the e-mail is already the channel.
 * - « Être rappelé(e) par téléphone » is the only act that clears a withdrawal: a new consent,
 *   stored with its own wording and version, on an open request; « dès que possible » until the
 *   visitor picks slots.
 */
export function decideChange(
  act: VisitorAct,
  current: CurrentContact,
  now: number,
  calendar: CallbackCalendar,
): Decision {
  switch (act.kind) {
    case 'slots': {
      if (!phoneAllowed(current)) return { verdict: 'withdrawn' };
      if (!current.open) return { verdict: 'closed' };
      const choice: ContactChoice = { channel: 'telephone', days: act.days, slots: act.slots };
      if (sameChoice(choice, current.choice)) return { verdict: 'unchanged' };
      return write(calendar, now, choice, {
        action: 'visitor_slots',
        text: choiceWording(choice),
        version: CHOICE_VERSION,
        withdrawal: 'keep',
        // The mail renders the current choice (an invitation when a slot is chosen).
        visitorMail: 'schedule_update',
        bounded: true,
      });
    }
    case 'stop':
      if (current.choice.channel === 'email') return { verdict: 'unchanged' };
      return write(
        calendar,
        now,
        { channel: 'email', days: [], slots: [] },
        {
          action: 'visitor_stop_calls',
          text: VISITOR_MESSAGES.stopCallsWording,
          version: CHOICE_VERSION,
          withdrawal: 'set',
          // An invitation was sent only for chosen slots: cancel it then; otherwise the page says it.
          visitorMail: hasChosenSlots(current.choice) ? 'schedule_cancel' : undefined,
          bounded: false,
        },
      );
    case 'allow_calls':
      if (phoneAllowed(current)) return { verdict: 'unchanged' };
      if (!current.open) return { verdict: 'closed' };
      return write(
        calendar,
        now,
        { channel: 'telephone', days: [], slots: [] },
        {
          action: 'visitor_allow_calls',
          text: PHONE_CONSENT_RECORD,
          version: PHONE_CONSENT_VERSION,
          withdrawal: 'clear',
          visitorMail: 'schedule_update',
          bounded: true,
        },
      );
  }
}
