import { describe, expect, it } from 'vitest';

import {
  canGoNext,
  canGoPrevious,
  currentPage,
  lastPageStart,
  nextIndex,
  type PageSize,
  pageCount,
  pageStart,
  previousIndex,
  realignIndex,
} from './carousel-paging.ts';

const TOTAL = 11; // the business solutions shown on the home page

describe('pageCount and lastPageStart', () => {
  it.each([
    [1, 11, 10],
    [2, 6, 10],
    [3, 4, 9],
  ] as const)(
    'with %i per page there are %i pages, the last starting at %i',
    (size, count, start) => {
      expect(pageCount(TOTAL, size)).toBe(count);
      expect(lastPageStart(TOTAL, size)).toBe(start);
    },
  );

  it('handles exact multiples and empty lists', () => {
    expect(pageCount(9, 3)).toBe(3);
    expect(lastPageStart(9, 3)).toBe(6);
    expect(pageCount(0, 3)).toBe(0);
    expect(lastPageStart(0, 3)).toBe(0);
  });
});

describe('next', () => {
  it('moves by one page size', () => {
    expect(nextIndex(0, TOTAL, 3)).toBe(3);
    expect(nextIndex(3, TOTAL, 3)).toBe(6);
    expect(nextIndex(6, TOTAL, 3)).toBe(9);
    expect(nextIndex(0, TOTAL, 2)).toBe(2);
    expect(nextIndex(4, TOTAL, 1)).toBe(5);
  });

  it('wraps to the start when it would pass the end', () => {
    expect(nextIndex(9, TOTAL, 3)).toBe(0);
    expect(nextIndex(10, TOTAL, 2)).toBe(0);
    expect(nextIndex(10, TOTAL, 1)).toBe(0);
    expect(nextIndex(6, 9, 3)).toBe(0);
  });

  it('is disabled exactly on the last page', () => {
    const sizes: PageSize[] = [1, 2, 3];
    for (const size of sizes) {
      const last = lastPageStart(TOTAL, size);
      for (let index = 0; index < TOTAL; index += size) {
        expect(canGoNext(index, TOTAL, size), `size ${size}, index ${index}`).toBe(index !== last);
      }
    }
  });

  it('walking forward visits every page once, in order, then wraps', () => {
    const visited: number[] = [];
    let index = 0;
    do {
      visited.push(currentPage(index, 3));
      index = nextIndex(index, TOTAL, 3);
    } while (index !== 0);
    expect(visited).toEqual([0, 1, 2, 3]);
  });
});

describe('previous', () => {
  it('moves back by one page size', () => {
    expect(previousIndex(9, TOTAL, 3)).toBe(6);
    expect(previousIndex(6, TOTAL, 3)).toBe(3);
    expect(previousIndex(3, TOTAL, 3)).toBe(0);
    expect(previousIndex(4, TOTAL, 2)).toBe(2);
  });

  it('never goes below zero from a misaligned index', () => {
    expect(previousIndex(1, TOTAL, 3)).toBe(0);
  });

  it('at index 0 goes to the start of the last page', () => {
    expect(previousIndex(0, TOTAL, 3)).toBe(9);
    expect(previousIndex(0, TOTAL, 2)).toBe(10);
    expect(previousIndex(0, TOTAL, 1)).toBe(10);
    expect(previousIndex(0, 9, 3)).toBe(6);
  });

  it('is disabled at index 0 only', () => {
    expect(canGoPrevious(0)).toBe(false);
    expect(canGoPrevious(1)).toBe(true);
    expect(canGoPrevious(9)).toBe(true);
  });

  it('next then previous returns to the same page', () => {
    for (let index = 0; index < lastPageStart(TOTAL, 2); index += 2) {
      expect(previousIndex(nextIndex(index, TOTAL, 2), TOTAL, 2)).toBe(index);
    }
  });
});

describe('dots', () => {
  it('show the page of the start index', () => {
    expect(currentPage(0, 3)).toBe(0);
    expect(currentPage(3, 3)).toBe(1);
    expect(currentPage(9, 3)).toBe(3);
    expect(currentPage(10, 2)).toBe(5);
    expect(currentPage(7, 1)).toBe(7);
  });

  it('jump to the start of their page, clamped to existing pages', () => {
    expect(pageStart(0, TOTAL, 3)).toBe(0);
    expect(pageStart(2, TOTAL, 3)).toBe(6);
    expect(pageStart(3, TOTAL, 3)).toBe(9);
    expect(pageStart(9, TOTAL, 3)).toBe(9);
    expect(pageStart(-1, TOTAL, 3)).toBe(0);
    expect(pageStart(5, TOTAL, 2)).toBe(10);
  });
});

describe('resizes that change the page size mid-way', () => {
  it('desktop → phone keeps the first visible card first', () => {
    expect(realignIndex(6, TOTAL, 1)).toBe(6);
    expect(currentPage(realignIndex(6, TOTAL, 1), 1)).toBe(6);
  });

  it('desktop → tablet realigns to the page holding the first visible card', () => {
    const index = realignIndex(9, TOTAL, 2);
    expect(index).toBe(8);
    expect(currentPage(index, 2)).toBe(4);
    // Card 9 (the previously first visible one) is still on screen.
    expect(index <= 9 && 9 < index + 2).toBe(true);
    expect(canGoNext(index, TOTAL, 2)).toBe(true);
  });

  it('phone → desktop lands on a page boundary and on the last page when at the end', () => {
    expect(realignIndex(10, TOTAL, 3)).toBe(9);
    expect(canGoNext(realignIndex(10, TOTAL, 3), TOTAL, 3)).toBe(false);
    expect(realignIndex(4, TOTAL, 3)).toBe(3);
    expect(realignIndex(5, TOTAL, 2)).toBe(4);
  });

  it('tablet → desktop from the first page stays at 0 with previous disabled', () => {
    const index = realignIndex(0, TOTAL, 3);
    expect(index).toBe(0);
    expect(canGoPrevious(index)).toBe(false);
  });

  it('navigation keeps its rules after a resize', () => {
    // Phone, three steps in: index 3. Resize to tablet: realigned to 2 (page 2 of 6).
    let index = realignIndex(3, TOTAL, 2);
    expect(index).toBe(2);
    index = nextIndex(index, TOTAL, 2);
    expect(index).toBe(4);
    // Resize to desktop: page 2 of 4 (index 3), then walk to the end and wrap.
    index = realignIndex(index, TOTAL, 3);
    expect(index).toBe(3);
    index = nextIndex(nextIndex(index, TOTAL, 3), TOTAL, 3);
    expect(index).toBe(9);
    expect(canGoNext(index, TOTAL, 3)).toBe(false);
    expect(nextIndex(index, TOTAL, 3)).toBe(0);
  });

  it('clamps out-of-range indices (the list shrank or a bad value)', () => {
    expect(realignIndex(42, TOTAL, 3)).toBe(9);
    expect(realignIndex(-3, TOTAL, 2)).toBe(0);
    expect(realignIndex(5, 0, 3)).toBe(0);
  });

  it('every realigned index is a page start with the first visible card kept', () => {
    const sizes: PageSize[] = [1, 2, 3];
    for (const from of sizes) {
      for (const to of sizes) {
        for (let index = 0; index < TOTAL; index += from) {
          const realigned = realignIndex(index, TOTAL, to);
          expect(realigned % to).toBe(0);
          expect(realigned <= index && index < realigned + to).toBe(true);
        }
      }
    }
  });
});
