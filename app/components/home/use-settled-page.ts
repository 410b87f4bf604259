import { type Dispatch, type RefObject, type SetStateAction, useEffect } from 'react';

import { type PageSize, realignIndex } from './carousel-paging.ts';
import { cardOffset, SCROLL_SETTLE_MS } from './carousel-scroller.ts';

/** The carousel's first card shown, and the page size it was chosen for. */
export interface CarouselPosition {
  index: number;
  size: PageSize | null;
}

/**
 * When a swipe (or any scroll) of the carousel's scroller settles, the page it rests on becomes
 * the current one: dots, buttons and the cards reachable with the keyboard follow.
 *
 * Settled means `scrollend`, or, where the browser lacks it, no scroll event for SCROLL_SETTLE_MS
 * and no finger on the scroller. A pause in scroll events is not an end where `scrollend` exists:
 * a finger that rests mid-swipe sends none, nor does a busy phone between two frames of a snap,
 * and taking such a pause for the end made the carousel scroll to the nearest page under the
 * finger, or back to where a fling came from.
 *
 * `scrollTarget` is where a scroll started by the buttons, dots or keys is heading: until it is
 * reached, the positions in between are not a choice of page. A hand on the scroller cancels it.
 */
export function useSettledPage(
  scrollerRef: RefObject<HTMLDivElement | null>,
  size: PageSize | null,
  total: number,
  scrollTarget: RefObject<number | null>,
  setPosition: Dispatch<SetStateAction<CarouselPosition>>,
): void {
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || !size) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let touching = false;
    const endsItself = 'onscrollend' in scroller;
    const settle = () => {
      clearTimeout(timer);
      if (touching) return;
      if (scrollTarget.current !== null) {
        if (Math.abs(scroller.scrollLeft - scrollTarget.current) < 2) scrollTarget.current = null;
        return;
      }
      const width = (cardOffset(scroller, 1) ?? 0) - (cardOffset(scroller, 0) ?? 0);
      if (width <= 0) return;
      const settled = realignIndex(Math.round(scroller.scrollLeft / width), total, size);
      setPosition((current) =>
        settled === current.index && current.size === size ? current : { index: settled, size },
      );
    };
    const onScroll = () => {
      clearTimeout(timer);
      if (!endsItself) timer = setTimeout(settle, SCROLL_SETTLE_MS);
    };
    const byHand = () => {
      scrollTarget.current = null;
    };
    const onTouch = (event: TouchEvent) => {
      touching = event.touches.length > 0;
      // The finger lifted: the scroll ends from here (a snap, or nothing left to move).
      if (!touching) onScroll();
    };
    const handEvents = ['touchstart', 'wheel', 'pointerdown', 'keydown'] as const;
    const touchEvents = ['touchstart', 'touchend', 'touchcancel'] as const;
    scroller.addEventListener('scroll', onScroll, { passive: true });
    scroller.addEventListener('scrollend', settle);
    for (const name of handEvents) scroller.addEventListener(name, byHand, { passive: true });
    for (const name of touchEvents) scroller.addEventListener(name, onTouch, { passive: true });
    // The scroller works before hydration: adopt the page of a swipe made meanwhile. Only once
    // the scroller is on screen: the browser has laid it out then (until then its section is
    // skipped, see render-when-near.ts), so reading its position forces no layout.
    const shown =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            if (!entries.some((entry) => entry.isIntersecting)) return;
            shown?.disconnect();
            settle();
          })
        : undefined;
    shown?.observe(scroller);
    return () => {
      shown?.disconnect();
      clearTimeout(timer);
      scroller.removeEventListener('scroll', onScroll);
      scroller.removeEventListener('scrollend', settle);
      for (const name of handEvents) scroller.removeEventListener(name, byHand);
      for (const name of touchEvents) scroller.removeEventListener(name, onTouch);
    };
  }, [scrollerRef, size, total, scrollTarget, setPosition]);
}
