import { describe, expect, it } from 'vitest';

import {
  callbackFactsOfFragment,
  callbackFactsSentence,
  callbackFragment,
  callbackSentence,
  encodeCallbackTime,
  formatCallbackTime,
  parseCallbackTime,
} from './callback-time.ts';

describe('formatCallbackTime', () => {
  it('writes the day, the date and the hour the French way', () => {
    expect(formatCallbackTime({ date: '2026-11-30', time: '19:00' })).toBe(
      'lundi 30\u00a0novembre à 19\u00a0h',
    );
    expect(formatCallbackTime({ date: '2026-12-01', time: '09:30' })).toBe(
      'mardi 1er\u00a0décembre à 9\u00a0h\u00a030',
    );
  });

  it('writes the end of a day on its own day, never 24 h', () => {
    expect(formatCallbackTime({ date: '2026-11-30', time: '24:00' })).toBe(
      'lundi 30\u00a0novembre, fin de journée',
    );
    expect(callbackFactsSentence({ callbackBy: '2026-11-30T24:00' })).toBe(
      'Nous vous rappellerons au plus tard lundi 30\u00a0novembre, fin de journée.',
    );
    expect(callbackFactsSentence({ callbackBy: '2026-11-30T24:00', recontact: 'email' })).toBe(
      'Nous vous répondrons par e-mail au plus tard lundi 30\u00a0novembre, fin de journée.',
    );
  });

  it('makes the sentence the visitor reads', () => {
    expect(callbackSentence({ date: '2026-11-30', time: '19:00' })).toBe(
      'Nous vous rappellerons au plus tard lundi 30\u00a0novembre à 19\u00a0h.',
    );
  });
});

describe('encodeCallbackTime and parseCallbackTime', () => {
  it('read back what they write', () => {
    const time = { date: '2026-11-30', time: '24:00' };
    expect(parseCallbackTime(encodeCallbackTime(time))).toEqual(time);
  });

  it('refuse anything that is not a real date and time', () => {
    for (const text of [
      '',
      null,
      undefined,
      '2026-02-30T10:00',
      '2026-11-30T24:30',
      '2026-11-30T25:00',
      '2026-11-30T10:60',
      '2026-11-30 10:00',
      '<script>',
      '2026-11-30T10:00Z',
    ]) {
      expect(parseCallbackTime(text), String(text)).toBeUndefined();
    }
  });
});

describe('callbackFactsSentence', () => {
  it('says the chosen slot, the e-mail, or the promise', () => {
    expect(
      callbackFactsSentence({
        callbackBy: '2026-12-02T17:00',
        callbackFrom: '2026-12-02T14:00',
        recontact: 'telephone',
      }),
    ).toBe('Nous vous appellerons mercredi 2\u00a0décembre entre 14\u00a0h et 17\u00a0h.');
    expect(callbackFactsSentence({ callbackBy: '2026-11-30T19:00', recontact: 'email' })).toBe(
      'Nous vous répondrons par e-mail au plus tard lundi 30\u00a0novembre à 19\u00a0h.',
    );
    expect(callbackFactsSentence({ callbackBy: '2026-11-30T19:00', recontact: 'telephone' })).toBe(
      'Nous vous rappellerons au plus tard lundi 30\u00a0novembre à 19\u00a0h.',
    );
    expect(callbackFactsSentence({ callbackBy: '2026-11-30T19:00' })).toBe(
      'Nous vous rappellerons au plus tard lundi 30\u00a0novembre à 19\u00a0h.',
    );
    expect(callbackFactsSentence({})).toBeUndefined();
    // A slot's start that does not fit its end is not believed.
    expect(
      callbackFactsSentence({ callbackBy: '2026-12-02T17:00', callbackFrom: '2026-12-01T14:00' }),
    ).toBe('Nous vous rappellerons au plus tard mercredi 2\u00a0décembre à 17\u00a0h.');
  });

  it('travels in the thank-you page’s fragment and back', () => {
    const slot = { callbackBy: '2026-12-02T17:00', callbackFrom: '2026-12-02T14:00' };
    expect(callbackFragment(slot)).toBe('rappel=2026-12-02T17:00&creneau=2026-12-02T14:00');
    expect(callbackFactsOfFragment(`#${callbackFragment(slot)}`)).toEqual({
      ...slot,
      recontact: undefined,
    });
    const email = { callbackBy: '2026-11-30T19:00', recontact: 'email' } as const;
    expect(callbackFragment(email)).toBe('rappel=2026-11-30T19:00&canal=email');
    expect(callbackFactsOfFragment(callbackFragment(email))).toMatchObject(email);
    expect(callbackFragment({})).toBe('');
  });
});
