import { describe, expect, it } from 'vitest';

import type { ContactChoice } from '#contracts/contact/contact-choice.ts';
import { DEFAULT_CALENDAR, dueAt } from './calendar.ts';
import { contactOffer, dueAtFor, inChosenSlot, nextChosenSlot } from './slots.ts';

const calendar = DEFAULT_CALENDAR;
const h = (hours: number) => hours * 60;
const phone = (days: number[], slots: Array<[number, number]>): ContactChoice => ({
  channel: 'telephone',
  days,
  slots: slots.map(([start, end]) => ({ start: h(start), end: h(end) })),
});
const utc = (text: string) => Date.parse(text);
const iso = (ms: number) => new Date(ms).toISOString();

describe('the due time of chosen slots (Europe/Paris, Monday to Friday, French holidays)', () => {
  it('is the end of the first chosen slot that starts after the reception, the same day', () => {
    // Friday 27 November 2026, 09:00 in Paris (UTC+1).
    const received = utc('2026-11-27T08:00:00Z');
    expect(iso(dueAtFor(received, phone([], [[10, 13]]), calendar))).toBe(
      '2026-11-27T12:00:00.000Z',
    );
  });

  it('skips a slot already under way and the weekend', () => {
    // Friday 11:00 in Paris: the 10-13 h slot has started; the next one is Monday's.
    const received = utc('2026-11-27T10:00:00Z');
    expect(iso(dueAtFor(received, phone([], [[10, 13]]), calendar))).toBe(
      '2026-11-30T12:00:00.000Z',
    );
    // Friday 18:00: Saturday and Sunday are no working days.
    expect(iso(dueAtFor(utc('2026-11-27T17:00:00Z'), phone([], [[14, 17]]), calendar))).toBe(
      '2026-11-30T16:00:00.000Z',
    );
  });

  it('keeps to the chosen days: Thursday only, received on a Tuesday', () => {
    const received = utc('2026-12-01T09:00:00Z');
    expect(iso(dueAtFor(received, phone([4], [[17, 20]]), calendar))).toBe(
      '2026-12-03T19:00:00.000Z',
    );
  });

  it('with days and no slot, any slot of CALL_WINDOWS on those days', () => {
    const received = utc('2026-12-01T09:00:00Z');
    expect(iso(dueAtFor(received, phone([3], []), calendar))).toBe('2026-12-02T12:00:00.000Z');
  });

  it('passes over Christmas and New Year’s Day when Friday is the only day chosen', () => {
    // Thursday 24 December 2026, 18:00: Friday 25 December and Friday 1 January are holidays.
    const received = utc('2026-12-24T17:00:00Z');
    expect(iso(dueAtFor(received, phone([5], [[14, 17]]), calendar))).toBe(
      '2027-01-08T16:00:00.000Z',
    );
  });

  it('passes over Ascension Thursday (14 May 2026, summer time)', () => {
    const received = utc('2026-05-13T18:00:00Z');
    expect(iso(dueAtFor(received, phone([4], [[10, 13]]), calendar))).toBe(
      '2026-05-21T11:00:00.000Z',
    );
  });

  it('passes over Easter Monday (6 April 2026)', () => {
    const received = utc('2026-04-03T16:00:00Z');
    expect(iso(dueAtFor(received, phone([1], [[17, 20]]), calendar))).toBe(
      '2026-04-13T18:00:00.000Z',
    );
  });

  it('keeps the wall time across the spring change (29 March 2026): 17 h is 16:00Z, then 15:00Z', () => {
    const friday = nextChosenSlot(utc('2026-03-27T06:00:00Z'), phone([], [[14, 17]]), calendar);
    expect(friday && [iso(friday.start), iso(friday.end)]).toEqual([
      '2026-03-27T13:00:00.000Z',
      '2026-03-27T16:00:00.000Z',
    ]);
    const received = utc('2026-03-27T17:00:00Z');
    expect(iso(dueAtFor(received, phone([1], [[14, 17]]), calendar))).toBe(
      '2026-03-30T15:00:00.000Z',
    );
  });

  it('keeps the wall time across the autumn change (25 October 2026): 13 h is 11:00Z, then 12:00Z', () => {
    const friday = nextChosenSlot(utc('2026-10-23T06:00:00Z'), phone([], [[10, 13]]), calendar);
    expect(friday && iso(friday.end)).toBe('2026-10-23T11:00:00.000Z');
    const received = utc('2026-10-23T16:00:00Z');
    expect(iso(dueAtFor(received, phone([], [[10, 13]]), calendar))).toBe(
      '2026-10-26T12:00:00.000Z',
    );
  });

  it('« dès que possible », the e-mail and the seed’s contract keep the promise’s rule', () => {
    const received = utc('2026-11-27T17:00:00Z');
    const promise = dueAt(received, calendar);
    expect(dueAtFor(received, phone([], []), calendar)).toBe(promise);
    expect(dueAtFor(received, { channel: 'email', days: [], slots: [] }, calendar)).toBe(promise);
    expect(dueAtFor(received, { channel: 'non_precise', days: [], slots: [] }, calendar)).toBe(
      promise,
    );
  });

  it('with days that are never working days, falls back to the promise', () => {
    const received = utc('2026-11-27T17:00:00Z');
    expect(dueAtFor(received, phone([6, 7], [[10, 13]]), calendar)).toBe(dueAt(received, calendar));
  });
});

describe('inChosenSlot', () => {
  const choice = phone([2], [[14, 17]]);
  it('is true inside a chosen slot only, its end excluded', () => {
    expect(inChosenSlot(utc('2026-12-01T13:00:00Z'), choice, calendar)).toBe(true);
    expect(inChosenSlot(utc('2026-12-01T15:59:59Z'), choice, calendar)).toBe(true);
    expect(inChosenSlot(utc('2026-12-01T16:00:00Z'), choice, calendar)).toBe(false);
    expect(inChosenSlot(utc('2026-12-01T12:59:00Z'), choice, calendar)).toBe(false);
    // Wednesday, same hour: not a chosen day.
    expect(inChosenSlot(utc('2026-12-02T14:00:00Z'), choice, calendar)).toBe(false);
  });
});

describe('contactOffer', () => {
  it('gives the promise’s due time of every moment, as dueAt does, though computed per minute', () => {
    const offer = contactOffer(calendar);
    const none = phone([], []);
    let moment = utc('2026-03-26T00:00:00Z');
    // Every 7 min 13.5 s for two weeks across the spring change and a weekend, and over Easter.
    for (let step = 0; step < 2_800; step += 1) {
      expect(offer.dueAt(moment, none)).toBe(dueAt(moment, calendar));
      moment += 433_500;
    }
  });

  it('offers the working days and CALL_WINDOWS', () => {
    const offer = contactOffer(calendar);
    expect([...offer.workingDays]).toEqual([1, 2, 3, 4, 5]);
    expect(offer.callWindows).toEqual(calendar.callWindows);
  });
});
