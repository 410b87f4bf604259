import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';

import {
  canGoNext,
  canGoPrevious,
  currentPage,
  lastPageStart,
  nextIndex,
  type PageSize,
  pageCount,
  previousIndex,
  realignIndex,
} from './carousel-paging.ts';
import { cardOffset, prefersReducedMotion } from './carousel-scroller.ts';
import { usePageSize } from './use-page-size.ts';
import { type CarouselPosition, useSettledPage } from './use-settled-page.ts';

/**
 * Scrolls the scroller to the card `index` whenever it changes; a no-op after a swipe, which
 * already put the scroller there. After a change of page size (resize) jumps without animation.
 * `scrollTarget` is set to where a scroll of ours is heading (see use-settled-page.ts).
 */
function useScrollToIndex(
  scrollerRef: RefObject<HTMLDivElement | null>,
  index: number,
  size: PageSize | null,
  scrollTarget: RefObject<number | null>,
): void {
  const scrolledSize = useRef(size);
  // Whether the scroller has been brought to a page yet (see the effect).
  const measured = useRef(false);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || !size) return;
    const resized = scrolledSize.current !== size;
    scrolledSize.current = size;
    // The first page of a scroller just rendered: nothing to move, and nothing to measure (a
    // forced layout in the middle of hydration). A swipe made before hydration is adopted by
    // useSettledPage.
    if (!measured.current) {
      measured.current = true;
      if (index === 0) return;
    }
    const left = cardOffset(scroller, index);
    if (left === undefined) return;
    // Already there, and no scroll of ours under way that would carry it elsewhere.
    if (scrollTarget.current === null && Math.abs(scroller.scrollLeft - left) < 1) return;
    if (typeof scroller.scrollTo !== 'function') return; // jsdom
    scrollTarget.current = left;
    scroller.scrollTo({
      left,
      behavior: resized || prefersReducedMotion() ? 'instant' : 'smooth',
    });
  }, [index, size]);
}

/** The card a key moves to from `index` (arrows wrap around), or undefined for another key. */
function keyMove(key: string, index: number, total: number, size: PageSize): number | undefined {
  const moves: Record<string, () => number> = {
    ArrowLeft: () => previousIndex(index, total, size),
    ArrowRight: () => nextIndex(index, total, size),
    Home: () => 0,
    End: () => lastPageStart(total, size),
  };
  return moves[key]?.();
}

/**
 * The state of a carousel of `total` cards (see solutions-carousel.tsx): the first card shown
 * and the page size, the page, what the buttons may do, and the handlers of its controls.
 */
export function useCarousel(total: number) {
  const size = usePageSize();
  const [position, setPosition] = useState<CarouselPosition>({
    index: 0,
    size,
  });
  const hintId = useId();
  const trackId = useId();
  const scrollerRef = useRef<HTMLDivElement>(null);
  // Where a scroll started by the buttons, dots or keys is heading (null once there, or once the
  // visitor scrolls by hand): until then, the in-between positions are not a page choice.
  const scrollTarget = useRef<number | null>(null);

  // When a resize changes the page size, realign to the page holding the first visible card and
  // remember it, so further resizes start from what the visitor saw (state update during render).
  if (size !== null && size !== position.size) {
    setPosition({ index: realignIndex(position.index, total, size), size });
  }
  const index = size ? realignIndex(position.index, total, size) : 0;
  const setRequestedIndex = (next: number) => setPosition({ index: next, size });
  const previousEnabled = canGoPrevious(index);
  const nextEnabled = size ? canGoNext(index, total, size) : true;

  useScrollToIndex(scrollerRef, index, size, scrollTarget);
  // When a swipe settles (the finger lifted), its page becomes the current one.
  useSettledPage(scrollerRef, size, total, scrollTarget, setPosition);

  return {
    size,
    index,
    pages: size ? pageCount(total, size) : 0,
    page: size ? currentPage(index, size) : 0,
    previousEnabled,
    nextEnabled,
    hintId,
    trackId,
    scrollerRef,
    setRequestedIndex,
    goPrevious: () => {
      if (size && previousEnabled) setRequestedIndex(previousIndex(index, total, size));
    },
    goNext: () => {
      if (size && nextEnabled) setRequestedIndex(nextIndex(index, total, size));
    },
    onControlKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (!size) return;
      const next = keyMove(event.key, index, total, size);
      if (next === undefined) return;
      event.preventDefault();
      setRequestedIndex(next);
    },
  };
}
