import { describe, expect, it } from 'vitest';

import {
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
    expect(formatCallbackTime({ date: '2026-11-30', time: '24:00' })).toBe(
      'lundi 30\u00a0novembre à 24\u00a0h',
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
