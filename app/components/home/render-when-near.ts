/**
 * Classes for the home page's sections that start well below the first screen at every viewport
 * width (the solutions, the guarantees and the client marquee). With
 * `content-visibility: auto` the browser skips their style, layout and paint until they come
 * near the viewport: the home page's first layout covers the hero and the expertise section instead
 * of the whole page (ADR 0019). Their text stays in the document, so find-in-page, assistive
 * technologies and links to `#solutions` still reach it.
 *
 * Only sections from `#solutions` down: a skipped block above an anchor would move the anchor
 * when it renders, during the scroll to it (its estimate is never exact at every width).
 *
 * While skipped, a block holds the place of its estimated height (`contain-intrinsic-size`),
 * then of its last rendered height (`auto`). The estimates are the blocks' heights at 412 px
 * (below `md`), 768 px (`md`) and 1280 px (`lg` and up); e2e/render-when-near.spec.ts fails when
 * one is more than a quarter off, so a change of content that moves them is noticed.
 */
export const renderWhenNear = {
  solutions: '[content-visibility:auto] [contain-intrinsic-size:auto_850px]',
  guarantees:
    '[content-visibility:auto] [contain-intrinsic-size:auto_2950px] md:[contain-intrinsic-size:auto_1950px] lg:[contain-intrinsic-size:auto_1300px]',
  trust: '[content-visibility:auto] [contain-intrinsic-size:auto_390px]',
} as const;
