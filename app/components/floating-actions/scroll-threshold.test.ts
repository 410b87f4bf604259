// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { isPastThreshold, useScrolledPast } from './scroll-threshold.ts';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

async function nextFrame() {
  await new Promise((resolve) => window.requestAnimationFrame(() => resolve(undefined)));
}

describe('isPastThreshold', () => {
  it('is false at or below the threshold and true strictly above', () => {
    expect(isPastThreshold(0, 300)).toBe(false);
    expect(isPastThreshold(300, 300)).toBe(false);
    expect(isPastThreshold(301, 300)).toBe(true);
  });
});

describe('useScrolledPast', () => {
  it('follows the window scroll position across the threshold both ways', async () => {
    scrollTo(0);
    const { result } = renderHook(() => useScrolledPast(300));
    expect(result.current).toBe(false);

    await act(async () => {
      scrollTo(450);
      await nextFrame();
    });
    expect(result.current).toBe(true);

    await act(async () => {
      scrollTo(300);
      await nextFrame();
    });
    expect(result.current).toBe(false);
  });

  it('starts true when the page is already scrolled (e.g. restored position)', () => {
    scrollTo(1200);
    const { result } = renderHook(() => useScrolledPast(300));
    expect(result.current).toBe(true);
  });
});
