import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';

import { solutionsText } from '#app/content/home.ts';
import { businessSolutions, solutionPath } from '#app/content/solutions/catalog.ts';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/class-names.ts';
import { ArrowRight, ChevronLeft, ChevronRight } from '#app/components/ui/icons.tsx';
import {
  canGoNext,
  canGoPrevious,
  currentPage,
  lastPageStart,
  nextIndex,
  pageCount,
  pageStart,
  previousIndex,
  realignIndex,
} from './carousel-paging.ts';
import { cardOffset, prefersReducedMotion } from './carousel-scroller.ts';
import { solutionIcon } from './solution-icons.ts';
import { usePageSize } from './use-page-size.ts';
import { type CarouselPosition, useSettledPage } from './use-settled-page.ts';

const text = solutionsText;
const total = businessSolutions.length;

const navButtonClasses = buttonClasses(
  { variant: 'outline', size: 'md' },
  'aria-disabled:cursor-not-allowed aria-disabled:border-slate-300 aria-disabled:bg-white aria-disabled:text-slate-500',
);

/**
 * The professional solutions, a page of 1, 2 or 3 cards at a time (see carousel-paging.ts for
 * the rules). Buttons use aria-disabled rather than disabled so focus stays on them at either end;
 * arrow keys on any control wrap around (previous at the start goes to the last page).
 *
 * The cards sit in a native horizontal scroller with CSS scroll snapping on the first card of
 * each page, so a swipe on a touch screen (or a trackpad) moves one page, with no script in the
 * way. The state follows the scroller once a scroll settles; buttons, dots and keys set the state
 * and scroll to it (smoothly, unless the visitor prefers reduced motion).
 */
export function SolutionsCarousel() {
  const size = usePageSize();
  const [position, setPosition] = useState<CarouselPosition>({
    index: 0,
    size,
  });
  const hintId = useId();
  const trackId = useId();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const scrolledSize = useRef(size);
  // Where a scroll started by the buttons, dots or keys is heading (null once there, or once the
  // visitor scrolls by hand): until then, the in-between positions are not a page choice.
  const scrollTarget = useRef<number | null>(null);
  // Whether the scroller has been brought to a page yet (see the first effect).
  const measured = useRef(false);

  // When a resize changes the page size, realign to the page holding the first visible card and
  // remember it, so further resizes start from what the visitor saw (state update during render).
  if (size !== null && size !== position.size) {
    setPosition({ index: realignIndex(position.index, total, size), size });
  }
  const index = size ? realignIndex(position.index, total, size) : 0;
  const setRequestedIndex = (next: number) => setPosition({ index: next, size });
  const pages = size ? pageCount(total, size) : 0;
  const page = size ? currentPage(index, size) : 0;
  const previousEnabled = canGoPrevious(index);
  const nextEnabled = size ? canGoNext(index, total, size) : true;

  // Scroll to the current page whenever it changes; a no-op after a swipe, which already put
  // the scroller there. After a change of page size (resize) jump without animation.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || !size) return;
    const resized = scrolledSize.current !== size;
    scrolledSize.current = size;
    // The first page of a scroller just rendered: nothing to move, and nothing to measure (a
    // forced layout in the middle of hydration). A swipe made before hydration is adopted below.
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

  // When a swipe settles (the finger lifted), its page becomes the current one.
  useSettledPage(scrollerRef, size, total, scrollTarget, setPosition);

  const goPrevious = () => {
    if (size && previousEnabled) setRequestedIndex(previousIndex(index, total, size));
  };
  const goNext = () => {
    if (size && nextEnabled) setRequestedIndex(nextIndex(index, total, size));
  };
  const onControlKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!size) return;
    const moves: Record<string, () => number> = {
      ArrowLeft: () => previousIndex(index, total, size),
      ArrowRight: () => nextIndex(index, total, size),
      Home: () => 0,
      End: () => lastPageStart(total, size),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setRequestedIndex(move());
  };

  return (
    <section aria-roledescription={text.carouselRoleDescription} aria-label={text.carouselLabel}>
      <div
        ref={scrollerRef}
        className="-mx-3 scrollbar-none snap-x snap-mandatory overflow-x-auto overscroll-x-contain py-4"
      >
        <div id={trackId} className="relative flex">
          {businessSolutions.map((entry, position) => {
            const Icon = solutionIcon(entry.slug);
            const onPage = size === null || (position >= index && position < index + size);
            return (
              <div
                key={entry.slug}
                role="group"
                aria-roledescription={text.slideRoleDescription}
                aria-label={text.slideLabel(position + 1, total)}
                inert={!onPage}
                aria-hidden={onPage ? undefined : true}
                data-on-page={onPage}
                data-slide
                className={cn(
                  'flex shrink-0 basis-full px-3 md:basis-1/2 lg:basis-1/3',
                  (size === null || position % size === 0) && 'snap-start snap-always',
                )}
              >
                <article className="flex w-full flex-col rounded-card border border-slate-200 bg-white p-6 shadow-card transition-shadow duration-200 hover:shadow-card-hover">
                  <div className="flex items-start justify-between gap-4">
                    <span className="flex size-12 shrink-0 items-center justify-center rounded-control bg-brand-50 text-brand-700">
                      <Icon aria-hidden="true" className="size-6" />
                    </span>
                    <p className="rounded-full bg-accent-100 px-3 py-1 text-right text-sm font-semibold text-accent-900">
                      <span className="sr-only">{text.savingsLabel} </span>
                      {entry.savings}
                    </p>
                  </div>
                  <h3 className="mt-5 text-xl font-semibold tracking-tight text-brand-950">
                    {entry.title}
                  </h3>
                  <p className="mt-2 flex-1 text-slate-600">{entry.summary}</p>
                  <Link
                    to={solutionPath(entry)}
                    prefetch="intent"
                    className="mt-6 inline-flex min-h-11 items-center gap-1.5 self-start rounded-control font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
                  >
                    {text.learnMore}
                    <span className="sr-only">{text.learnMoreContext(entry.title)}</span>
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </Link>
                </article>
              </div>
            );
          })}
          {/* Room after a short last page, so that its first card can scroll to the start. */}
          {size
            ? Array.from({ length: pages * size - total }, (_, filler) => (
                <div key={filler} className="shrink-0 basis-full md:basis-1/2 lg:basis-1/3" />
              ))
            : null}
        </div>
      </div>

      <p id={hintId} className="sr-only">
        {text.keyboardHint}
      </p>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-x-6 gap-y-4">
        <div className="order-last flex w-full justify-center sm:order-none sm:w-auto sm:justify-start">
          {size ? (
            <ul className="flex flex-wrap items-center" aria-label={text.pagesLabel}>
              {Array.from({ length: pages }, (_, dot) => (
                <li key={dot}>
                  <button
                    type="button"
                    className="group flex h-11 w-6 items-center justify-center rounded-full"
                    aria-label={text.pageLabel(dot + 1, pages)}
                    aria-current={dot === page ? 'true' : undefined}
                    aria-controls={trackId}
                    aria-describedby={hintId}
                    onClick={() => setRequestedIndex(pageStart(dot, total, size))}
                    onKeyDown={onControlKeyDown}
                  >
                    <span
                      aria-hidden="true"
                      className={cn(
                        'block h-2 rounded-full transition-all duration-200',
                        dot === page
                          ? 'w-5 bg-brand-700'
                          : 'w-2 bg-slate-500 group-hover:bg-brand-600',
                      )}
                    />
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <div className="h-11" />
          )}
        </div>
        <div className="flex w-full justify-between gap-3 sm:w-auto">
          <button
            type="button"
            className={navButtonClasses}
            aria-controls={trackId}
            aria-describedby={hintId}
            aria-disabled={!previousEnabled}
            onClick={goPrevious}
            onKeyDown={onControlKeyDown}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
            {text.previous}
          </button>
          <button
            type="button"
            className={navButtonClasses}
            aria-controls={trackId}
            aria-describedby={hintId}
            aria-disabled={!nextEnabled}
            onClick={goNext}
            onKeyDown={onControlKeyDown}
          >
            {text.next}
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {size ? text.pageLabel(page + 1, pages) : ''}
      </p>
    </section>
  );
}
