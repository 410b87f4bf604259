// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { loadIconSprite } from '#scripts/vite/icon-sprite-plugin.ts';
import { ICON_NAMES } from './icon-names.ts';
import * as icons from './icons.tsx';
import { Phone } from './icons.tsx';

describe('icons', () => {
  it('draw a symbol of the sprite, hidden from assistive technology by default', () => {
    const { container } = render(<Phone className="size-4" />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveClass('size-4');
    expect(svg?.querySelector('use')?.getAttribute('href')).toMatch(/#phone$/);
  });

  it('come from a sprite with one drawn symbol per listed icon', async () => {
    const sprite = await loadIconSprite();
    for (const name of ICON_NAMES) {
      expect(sprite).toMatch(new RegExp(`<symbol id="${name}" [^>]*><(path|circle|rect|line)`));
    }
    expect(sprite.match(/<symbol /g)).toHaveLength(ICON_NAMES.length);
  });

  it('list exactly the icons the site draws (the sprite carries none for nothing)', () => {
    const drawn = Object.values(icons).map((Icon) => Icon.displayName);
    expect(drawn.sort()).toEqual(ICON_NAMES.map((name) => `Icon(${name})`).sort());
  });
});
