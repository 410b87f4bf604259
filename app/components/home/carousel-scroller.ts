/** What the solutions carousel reads from its native scroller and from the visitor's settings. */
/** Scroll settles: `scrollend` where the browser has it, else a short pause in scroll events. */
export const SCROLL_SETTLE_MS = 120;

export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Left offset, within the scroller, of the card at `index`. */
export function cardOffset(scroller: HTMLElement, index: number): number | undefined {
  const card = scroller.querySelectorAll<HTMLElement>('[data-slide]')[index];
  if (!card) return undefined;
  return (
    card.getBoundingClientRect().left - scroller.getBoundingClientRect().left + scroller.scrollLeft
  );
}
