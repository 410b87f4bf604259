/**
 * The days and slots a client sends, made canonical before anything checks or stores them (ADR
 * 0030): each value trimmed and parsed, duplicates dropped on the parsed value (`14:00-17:00` and
 * ` 14:00-17:00` are one slot), the rest in order (days Monday first, slots by start). A list the
 * reader (`choiceFromColumns`) would not read back as sent — a value that is no day, a malformed
 * slot, two slots that overlap — is refused, never stored. The one normaliser of the contact
 * schema (the endpoint, on Node and on Supabase) and of the visitor page's API.
 */
import {
  DAY_NAMES,
  type DayName,
  encodeSlot,
  parseSlot,
  type SlotRange,
} from './contact-choice.ts';

/** ` Jeudi ` → `jeudi`; undefined for anything that is no day's name. */
export function parseDayName(value: unknown): DayName | undefined {
  if (typeof value !== 'string') return undefined;
  const day = value.trim().toLowerCase();
  return (DAY_NAMES as readonly string[]).includes(day) ? (day as DayName) : undefined;
}

/** The days, each once, Monday first; undefined when one is no day. */
export function normaliseDays(values: readonly unknown[]): DayName[] | undefined {
  const days = new Set<DayName>();
  for (const value of values) {
    const day = parseDayName(value);
    if (day === undefined) return undefined;
    days.add(day);
  }
  return DAY_NAMES.filter((day) => days.has(day));
}

/** The slots, each once (on the parsed value), by start; undefined when one is malformed or two overlap. */
export function normaliseSlots(values: readonly unknown[]): SlotRange[] | undefined {
  const slots = new Map<string, SlotRange>();
  for (const value of values) {
    const slot = typeof value === 'string' ? parseSlot(value) : undefined;
    if (slot === undefined) return undefined;
    slots.set(encodeSlot(slot), slot);
  }
  const sorted = [...slots.values()].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i += 1) {
    if ((sorted[i]?.start ?? 0) < (sorted[i - 1]?.end ?? 0)) return undefined;
  }
  return sorted;
}

/** The slots as their canonical texts (`HH:MM-HH:MM`), or undefined as `normaliseSlots`. */
export function normaliseSlotTexts(values: readonly unknown[]): string[] | undefined {
  return normaliseSlots(values)?.map(encodeSlot);
}

/** A phone choice's days (ISO weekdays) and slots, canonical. */
export interface ChoiceInput {
  days: number[];
  slots: SlotRange[];
}

/** Both lists normalised, or the first field that cannot be (`jours`, then `creneaux`). */
export function normaliseChoiceInput(
  days: readonly unknown[],
  slots: readonly unknown[],
): ChoiceInput | { field: 'jours' | 'creneaux' } {
  const names = normaliseDays(days);
  if (!names) return { field: 'jours' };
  const ranges = normaliseSlots(slots);
  if (!ranges) return { field: 'creneaux' };
  return { days: names.map((day) => DAY_NAMES.indexOf(day) + 1), slots: ranges };
}

/** What the server offers a visitor to choose: WORKING_DAYS and CALL_WINDOWS. */
export interface ChoiceOffer {
  workingDays: ReadonlySet<number>;
  callWindows: readonly SlotRange[];
}

/** The first field holding a day or a slot the server does not offer, if any. */
export function notOffered(
  input: ChoiceInput,
  offer: ChoiceOffer,
): 'jours' | 'creneaux' | undefined {
  if (input.days.some((day) => !offer.workingDays.has(day))) return 'jours';
  const offered = new Set(offer.callWindows.map(encodeSlot));
  if (input.slots.some((slot) => !offered.has(encodeSlot(slot)))) return 'creneaux';
  return undefined;
}
