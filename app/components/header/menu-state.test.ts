import { describe, expect, it } from 'vitest';

import { closedMenu, isOutside, menuReducer, type MenuRules } from './menu-state.ts';

const noneDisabled: MenuRules = { disabled: new Set() };
const particuliersDisabled: MenuRules = { disabled: new Set(['particuliers']) };

describe('menuReducer', () => {
  it('opens a dropdown on toggle and closes it on a second toggle', () => {
    const opened = menuReducer(closedMenu, { type: 'toggle', id: 'professionnels' }, noneDisabled);
    expect(opened.open).toBe('professionnels');
    const closed = menuReducer(opened, { type: 'toggle', id: 'professionnels' }, noneDisabled);
    expect(closed.open).toBeNull();
  });

  it('keeps only one dropdown open at a time', () => {
    const pro = menuReducer(closedMenu, { type: 'toggle', id: 'professionnels' }, noneDisabled);
    const part = menuReducer(pro, { type: 'toggle', id: 'particuliers' }, noneDisabled);
    expect(part.open).toBe('particuliers');
    const back = menuReducer(part, { type: 'open', id: 'professionnels' }, noneDisabled);
    expect(back.open).toBe('professionnels');
  });

  it('never opens a disabled dropdown and leaves the open one as it is', () => {
    expect(
      menuReducer(closedMenu, { type: 'toggle', id: 'particuliers' }, particuliersDisabled).open,
    ).toBeNull();
    const pro = { open: 'professionnels' as const };
    expect(menuReducer(pro, { type: 'open', id: 'particuliers' }, particuliersDisabled)).toBe(pro);
  });

  it('closes whatever is open and is a no-op when nothing is', () => {
    expect(
      menuReducer({ open: 'professionnels' }, { type: 'close' }, noneDisabled).open,
    ).toBeNull();
    expect(menuReducer(closedMenu, { type: 'close' }, noneDisabled)).toBe(closedMenu);
  });
});

describe('isOutside', () => {
  it('tells a click inside a container from one outside all of them', () => {
    const container = { contains: (node: unknown) => node === inner } as unknown as Node;
    const inner = {} as Node;
    const elsewhere = {} as Node;
    expect(isOutside(inner, [container])).toBe(false);
    expect(isOutside(elsewhere, [container, null])).toBe(true);
    expect(isOutside(null, [container])).toBe(true);
  });
});
