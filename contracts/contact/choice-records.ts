/**
 * The visitor's choice as stored and told in words (ADR 0029): the columns' encodings,
 * the summaries staff read, the wording stored with a request. Apart from contact-choice.ts, which
 * the contact page loads, so that what only the server, the staff pages and the visitor's page
 * use does not weigh on the contact page's first load.
 */
import {
  CHANNEL_LABELS,
  CHOICE_QUESTION,
  type ContactChoice,
  type DayName,
  STORED_CHANNELS,
  type SlotRange,
  type StoredChannel,
  WHEN_QUESTION,
  dayNameOf,
  encodeSlot,
  parseSlot,
  slotText,
} from './contact-choice.ts';

/** Every stored channel in words: the form's two, and a client that offered no choice. */
export const STORED_CHANNEL_LABELS: Record<StoredChannel, string> = {
  ...CHANNEL_LABELS,
  non_precise: 'Non précisé (téléphone ou e-mail)',
};

function parseSlotList(text: string): SlotRange[] | undefined {
  if (text.trim() === '') return [];
  const slots: SlotRange[] = [];
  for (const part of text.split(',')) {
    const slot = parseSlot(part);
    if (!slot) return undefined;
    slots.push(slot);
  }
  slots.sort((a, b) => a.start - b.start);
  for (let i = 1; i < slots.length; i += 1) {
    if ((slots[i]?.start ?? 0) < (slots[i - 1]?.end ?? 0)) return undefined;
  }
  return slots;
}

const NBSP = '\u00a0';

export const UNSPECIFIED_CHOICE: ContactChoice = { channel: 'non_precise', days: [], slots: [] };

function allowsCalls(choice: Pick<ContactChoice, 'channel'>): boolean {
  return choice.channel !== 'email';
}

/**
 * Whether staff may phone the person now: the choice allows calls and no withdrawal of the phone
 * consent stands (`phone_withdrawn_at`, whatever the channel says; ADR 0030).
 */
export function callsAllowed(contact: {
  choice: Pick<ContactChoice, 'channel'>;
  phoneWithdrawnAt: number | null;
}): boolean {
  return allowsCalls(contact.choice) && contact.phoneWithdrawnAt === null;
}

export function hasChosenSlots(choice: ContactChoice): boolean {
  return choice.channel === 'telephone' && (choice.days.length > 0 || choice.slots.length > 0);
}

export function encodeDays(days: readonly number[]): string {
  return [...days].sort((a, b) => a - b).join(',');
}

function decodeDays(text: string): number[] {
  if (text === '') return [];
  return text
    .split(',')
    .map(Number)
    .filter((day) => Number.isInteger(day) && day >= 1 && day <= 7);
}

export function encodeSlots(slots: readonly SlotRange[]): string {
  return [...slots]
    .sort((a, b) => a.start - b.start)
    .map(encodeSlot)
    .join(',');
}

function decodeSlots(text: string): SlotRange[] {
  return parseSlotList(text) ?? [];
}

export function choiceFromColumns(channel: string, days: string, slots: string): ContactChoice {
  const stored = (STORED_CHANNELS as readonly string[]).includes(channel)
    ? (channel as StoredChannel)
    : 'non_precise';
  return stored === 'telephone'
    ? { channel: stored, days: decodeDays(days), slots: decodeSlots(slots) }
    : { channel: stored, days: [], slots: [] };
}

function daysText(days: readonly number[]): string {
  return days
    .map(dayNameOf)
    .filter((day): day is DayName => day !== undefined)
    .join(', ');
}

export function slotsSummary(choice: ContactChoice): string {
  if (choice.channel === 'email') return '—';
  if (!hasChosenSlots(choice)) return 'dès que possible';
  const days = choice.days.length > 0 ? daysText(choice.days) : 'tous les jours ouvrés';
  const slots =
    choice.slots.length > 0 ? choice.slots.map(slotText).join(', ') : 'à toute heure d’appel';
  return `${days}${NBSP}; ${slots}`;
}

export function choiceWording(choice: ContactChoice): string {
  if (choice.channel === 'non_precise') return '';
  const channel = `${CHOICE_QUESTION} ${STORED_CHANNEL_LABELS[choice.channel]}.`;
  if (choice.channel === 'email') return channel;
  return `${channel} ${WHEN_QUESTION} ${slotsSummary(choice)}.`;
}
