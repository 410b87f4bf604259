import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { solutionsText } from '#app/content/home.ts';
import {
  businessSolutions,
  solutionPath,
  type SolutionEntry,
} from '#app/content/solutions/catalog.ts';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/class-names.ts';
import { ArrowRight, ChevronLeft, ChevronRight } from '#app/components/ui/icons.tsx';
import { type PageSize, pageStart } from './carousel-paging.ts';
import { solutionIcon } from './solution-icons.ts';
import { useCarousel } from './use-carousel.ts';

const text = solutionsText;
const total = businessSolutions.length;

const navButtonClasses = buttonClasses(
  { variant: 'outline', size: 'md' },
  'aria-disabled:cursor-not-allowed aria-disabled:border-slate-300 aria-disabled:bg-white aria-disabled:text-slate-500',
);

/** One solution's card; off the current page it is inert and hidden from assistive technology. */
function SolutionSlide({
  entry,
  icon: Icon,
  position,
  index,
  size,
}: {
  entry: SolutionEntry;
  icon: ReturnType<typeof solutionIcon>;
  position: number;
  index: number;
  size: PageSize | null;
}) {
  const onPage = size === null || (position >= index && position < index + size);
  return (
    <div
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
        <h3 className="mt-5 text-xl font-semibold tracking-tight text-brand-950">{entry.title}</h3>
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
}

type Carousel = ReturnType<typeof useCarousel>;

/** One dot per page: it goes to its page; the current one is longer. */
function PageDots({ carousel }: { carousel: Carousel }) {
  const { size, pages, page, trackId, hintId, setRequestedIndex, onControlKeyDown } = carousel;
  if (!size) return <div className="h-11" />;
  return (
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
                dot === page ? 'w-5 bg-brand-700' : 'w-2 bg-slate-500 group-hover:bg-brand-600',
              )}
            />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** « Précédent » or « Suivant »: aria-disabled at either end, so the focus stays on it. */
function PagingButton({
  carousel,
  enabled,
  onClick,
  children,
}: {
  carousel: Carousel;
  enabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={navButtonClasses}
      aria-controls={carousel.trackId}
      aria-describedby={carousel.hintId}
      aria-disabled={!enabled}
      onClick={onClick}
      onKeyDown={carousel.onControlKeyDown}
    >
      {children}
    </button>
  );
}

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
  const carousel = useCarousel(total);
  const { size, index, pages, page, hintId, trackId, scrollerRef } = carousel;

  return (
    <section aria-roledescription={text.carouselRoleDescription} aria-label={text.carouselLabel}>
      <div
        ref={scrollerRef}
        className="-mx-3 scrollbar-none snap-x snap-mandatory overflow-x-auto overscroll-x-contain py-4"
      >
        <div id={trackId} className="relative flex">
          {businessSolutions.map((entry, position) => (
            <SolutionSlide
              key={entry.slug}
              entry={entry}
              icon={solutionIcon(entry.slug)}
              position={position}
              index={index}
              size={size}
            />
          ))}
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
          <PageDots carousel={carousel} />
        </div>
        <div className="flex w-full justify-between gap-3 sm:w-auto">
          <PagingButton
            carousel={carousel}
            enabled={carousel.previousEnabled}
            onClick={carousel.goPrevious}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
            {text.previous}
          </PagingButton>
          <PagingButton
            carousel={carousel}
            enabled={carousel.nextEnabled}
            onClick={carousel.goNext}
          >
            {text.next}
            <ChevronRight aria-hidden="true" className="size-5" />
          </PagingButton>
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {size ? text.pageLabel(page + 1, pages) : ''}
      </p>
    </section>
  );
}
