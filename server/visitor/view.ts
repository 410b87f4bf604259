import {
  dayNameOf,
  type DayName,
  encodeSlot,
  slotText,
} from '#contracts/contact/contact-choice.ts';
import { hasChosenSlots, slotsSummary } from '#contracts/contact/choice-records.ts';
import { isProductOption } from '#contracts/contact/products.ts';
import type { VisitorStage, VisitorView } from '#contracts/contact/visitor-api.ts';
import { type CallbackCalendar, nextChosenSlot } from '#server/callback/index.ts';
import { CLOSED_STATUSES, phoneAllowed } from './change-rules.ts';
import type { VisitorRecord } from './store.ts';

/** The request as the visitor page shows it (contracts/contact/visitor-api.ts), in French. */

const formats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('fr-FR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone,
    });
    formats.set(timeZone, format);
  }
  return format;
}

const dayNames = (days: Iterable<number>): DayName[] =>
  [...days]
    .sort((a, b) => a - b)
    .map(dayNameOf)
    .filter((day): day is DayName => day !== undefined);

function stageOf(record: VisitorRecord): VisitorStage {
  if (CLOSED_STATUSES.includes(record.status)) return 'cloturee';
  if (record.reached?.outcome === 'joint') return 'appele';
  if (record.reached?.outcome === 'repondu_email') return 'repondu_email';
  return record.status === 'en_cours' ? 'en_cours' : 'recue';
}

function stageText(stage: VisitorStage, record: VisitorRecord, day: (at: number) => string) {
  switch (stage) {
    case 'cloturee':
      return 'Clôturée';
    case 'appele':
      return `Nous vous avons appelé le ${day(record.reached?.at ?? 0)}`;
    case 'repondu_email':
      return `Nous vous avons répondu par e-mail le ${day(record.reached?.at ?? 0)}`;
    case 'en_cours':
      return 'En cours';
    default:
      return 'Reçue';
  }
}

export function visitorView(
  record: VisitorRecord,
  calendar: CallbackCalendar,
  now: number,
): VisitorView {
  const format = dayFormat(calendar.timeZone);
  // French writes the first of the month « 1er »: « mardi 1er décembre 2026 ».
  const day = (at: number) => format.format(at).replace(/(^|\s)1 (?=\p{L})/u, '$11er ');
  const stage = stageOf(record);
  const { choice } = record;
  const next = hasChosenSlots(choice)
    ? nextChosenSlot(now, choice, calendar, 'not-ended')
    : undefined;
  return {
    id: record.id,
    receivedOn: day(record.createdAt),
    product: isProductOption(record.product) ? record.product : null,
    stage,
    stageText: stageText(stage, record, day),
    channel: choice.channel,
    days: dayNames(choice.days),
    slots: choice.slots.map(encodeSlot),
    choiceText: slotsSummary(choice),
    nextSlot: next ? `${day(next.start)}, ${slotText(next.slot)}` : null,
    phoneWithdrawnAt:
      record.phoneWithdrawnAt === null ? null : new Date(record.phoneWithdrawnAt).toISOString(),
    offer: {
      days: dayNames(calendar.workingDays),
      slots: calendar.callWindows.map(encodeSlot),
    },
    canChangeSlots: stage !== 'cloturee' && phoneAllowed(record),
    canAllowCalls: stage !== 'cloturee' && !phoneAllowed(record),
  };
}
