/**
 * Paging rules of the home solutions carousel (the reference site's specification, "States and
 * transitions", kept with the team's documents outside this repository).
 *
 * The carousel state is the index of the first visible card. The reference states both
 * "previous is disabled at index 0" and "previous at index 0 goes to the start of the last page"
 * (and likewise "next is disabled on the last page" and "next wraps to the start past the end").
 * Our reading: the disabled states apply to the Précédent/Suivant buttons, while the navigation
 * functions themselves wrap. A pointer user therefore never wraps; the wrap is reached with the
 * keyboard (ArrowLeft/ArrowRight on the carousel controls), which is how both rules hold at once.
 */

export type PageSize = 1 | 2 | 3;

/** Minimum viewport widths (px) of the 2- and 3-column layouts, matching Tailwind's md and lg. */
export const CAROUSEL_BREAKPOINTS = { twoColumns: 768, threeColumns: 1024 } as const;

export function pageCount(total: number, size: PageSize): number {
  return total <= 0 ? 0 : Math.ceil(total / size);
}

/** Index of the first card of the last page. */
export function lastPageStart(total: number, size: PageSize): number {
  return Math.max(0, (pageCount(total, size) - 1) * size);
}

/** Zero-based page that the start index belongs to (the highlighted dot). */
export function currentPage(index: number, size: PageSize): number {
  return Math.floor(Math.max(0, index) / size);
}

/** Next moves by one page; past the end it wraps to the start. */
export function nextIndex(index: number, total: number, size: PageSize): number {
  const next = index + size;
  return next >= total ? 0 : next;
}

/** Previous moves back one page; at index 0 it goes to the start of the last page. */
export function previousIndex(index: number, total: number, size: PageSize): number {
  if (index <= 0) return lastPageStart(total, size);
  return Math.max(0, index - size);
}

export function canGoPrevious(index: number): boolean {
  return index > 0;
}

/** False on the last page. */
export function canGoNext(index: number, total: number, size: PageSize): boolean {
  return index + size < total;
}

/** Start index of a given page (for the dots), clamped to the existing pages. */
export function pageStart(page: number, total: number, size: PageSize): number {
  const last = pageCount(total, size) - 1;
  return Math.min(Math.max(0, page), Math.max(0, last)) * size;
}

/**
 * Realigns the start index after the page size changed (window resize): the page that holds the
 * previously first visible card becomes current, so that card stays on screen.
 */
export function realignIndex(index: number, total: number, size: PageSize): number {
  if (total <= 0) return 0;
  const clamped = Math.min(Math.max(0, index), total - 1);
  return Math.floor(clamped / size) * size;
}
