import { describe, expect, it } from 'vitest';

import { isPhoneTerm, phoneKey } from './phone-key.ts';

describe('phoneKey', () => {
  it('keys a French number in national form, whatever the format', () => {
    for (const raw of [
      '06 12 34 56 78',
      '0612345678',
      '06.12.34.56.78',
      '06-12-34-56-78',
      '+33 6 12 34 56 78',
      '+33612345678',
      '+33 (0)6 12 34 56 78',
      '0033 6 12 34 56 78',
      '+33 06 12 34 56 78',
      ' 06\u00a012\u202f34 56 78 ',
    ]) {
      expect(phoneKey(raw), raw).toBe('0612345678');
    }
    expect(phoneKey('+33 4 78 12 34 56')).toBe(phoneKey('04 78 12 34 56'));
  });

  it('keeps another country’s number international', () => {
    expect(phoneKey('+32 470 12 34 56')).toBe('+32470123456');
    expect(phoneKey('0032 470 12 34 56')).toBe('+32470123456');
  });

  it('keys a part of a number the same way (a search term)', () => {
    expect(phoneKey('+33 6 12')).toBe('0612');
    expect(phoneKey('12 34')).toBe('1234');
    expect(phoneKey('12.34.56')).toBe('123456');
  });

  it('tells a phone term from a name or an address', () => {
    expect(isPhoneTerm('+33 6 12 34 56 78')).toBe(true);
    expect(isPhoneTerm('04.78')).toBe(true);
    expect(isPhoneTerm('6')).toBe(false);
    expect(isPhoneTerm('Martin 06')).toBe(false);
    expect(isPhoneTerm('zoe@example.fr')).toBe(false);
  });
});
