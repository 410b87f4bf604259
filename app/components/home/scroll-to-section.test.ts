import { describe, expect, it } from 'vitest';

import { STICKY_HEADER_OFFSET_PX } from '#app/content/constants.ts';
import { scrollTargetTop } from './scroll-to-section.ts';

describe('scrollTargetTop', () => {
  it('leaves the sticky header offset above the section', () => {
    expect(STICKY_HEADER_OFFSET_PX).toBe(96);
    expect(scrollTargetTop(900, 0, STICKY_HEADER_OFFSET_PX)).toBe(804);
  });

  it('accounts for the current scroll position, above or below the section', () => {
    expect(scrollTargetTop(400, 500, 96)).toBe(804);
    expect(scrollTargetTop(-200, 1004, 96)).toBe(708);
  });

  it('never targets above the top of the page', () => {
    expect(scrollTargetTop(50, 0, 96)).toBe(0);
  });
});
