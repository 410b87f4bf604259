import { describe, expect, it } from 'vitest';

import { buildIconSprite } from './icon-sprite.ts';

describe('buildIconSprite', () => {
  it('makes one symbol per icon with the stroke settings and without React keys', () => {
    const sprite = buildIconSprite(
      new Map([
        ['sun', [['circle', { cx: '12', cy: '12', r: 4, key: 'a1' }]] as const],
        ['x', [['path', { d: 'M18 6 6 18', key: 'b2' }]] as const],
      ]),
    );
    expect(sprite).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg">' +
        '<symbol id="sun" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="12" cy="12" r="4"/></symbol>' +
        '<symbol id="x" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M18 6 6 18"/></symbol>' +
        '</svg>\n',
    );
  });

  it('escapes attribute values and rejects names that are not plain identifiers', () => {
    expect(buildIconSprite(new Map([['a', [['path', { d: 'a"<&' }]] as const]]))).toContain(
      'd="a&quot;&lt;&amp;"',
    );
    expect(() => buildIconSprite(new Map([['a"b', []]]))).toThrow(/Invalid icon name/);
    expect(() => buildIconSprite(new Map([['a', [['script', {}]] as const]]))).toThrow(
      /Unexpected element/,
    );
  });
});
