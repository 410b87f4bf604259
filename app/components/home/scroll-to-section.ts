import { STICKY_HEADER_OFFSET_PX } from '#app/content/constants.ts';

/** Document scroll position that puts an element's top `offset` px below the viewport top. */
export function scrollTargetTop(elementTop: number, scrollY: number, offset: number): number {
  return Math.max(0, Math.round(elementTop + scrollY - offset));
}

/**
 * Scrolls so the section's top sits just below the sticky header (96 px), smoothly unless the
 * visitor prefers reduced motion, then moves focus to its heading without scrolling again.
 */
export function scrollToSection(sectionId: string, focusTargetId?: string) {
  const section = document.getElementById(sectionId);
  if (!section) return;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({
    top: scrollTargetTop(
      section.getBoundingClientRect().top,
      window.scrollY,
      STICKY_HEADER_OFFSET_PX,
    ),
    behavior: reduceMotion ? 'auto' : 'smooth',
  });
  if (focusTargetId) document.getElementById(focusTargetId)?.focus({ preventScroll: true });
}
