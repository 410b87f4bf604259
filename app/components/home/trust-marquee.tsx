import { useState } from 'react';

import { clientNames, trustText } from '#app/content/home.ts';
import { cn } from '#app/components/ui/class-names.ts';
import { Container } from '#app/components/ui/container.tsx';
import { Pause, Play } from '#app/components/ui/icons.tsx';
import { renderWhenNear } from './render-when-near.ts';

/** Wordmark styles, cycled so the names read like distinct brands rather than a plain list. */
const wordmarkStyles = [
  'font-bold tracking-tight',
  'font-semibold uppercase tracking-[0.18em] text-base',
  'font-medium italic',
  'font-extrabold tracking-tighter',
] as const;

function NameList({ copy }: { copy: 'main' | 'duplicate' }) {
  return (
    <ul
      aria-hidden={copy === 'duplicate' ? 'true' : undefined}
      data-marquee-copy={copy}
      className={cn(
        'flex shrink-0 items-center gap-x-14 pr-14',
        copy === 'duplicate' && 'motion-reduce:hidden',
        'motion-reduce:w-full motion-reduce:shrink motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:gap-y-6 motion-reduce:pr-0',
      )}
    >
      {clientNames.map((name, position) => (
        <li
          key={name}
          className={cn(
            'whitespace-nowrap text-xl text-slate-600',
            wordmarkStyles[position % wordmarkStyles.length],
          )}
        >
          {name}
        </li>
      ))}
    </ul>
  );
}

/**
 * The client names scrolling in a 30 s loop. The list is rendered twice and the track moves by
 * half its width, so the loop is seamless; the copy is hidden from assistive technology. The loop
 * pauses on hover or with the pause button, and does not run at all under reduced motion.
 */
export function TrustMarquee() {
  const [paused, setPaused] = useState(false);
  return (
    <section
      aria-labelledby="trust-title"
      className={cn('bg-slate-50 py-16 sm:py-20', renderWhenNear.trust)}
    >
      <Container className="flex flex-col items-center text-center">
        <h2 id="trust-title" className="text-2xl font-bold tracking-tight text-brand-950">
          {trustText.title}
        </h2>
        <p className="mt-2 max-w-xl text-slate-600">{trustText.lead}</p>
      </Container>
      <div data-testid="marquee" className="group relative mt-10 overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-0 z-10 w-12 bg-linear-to-r from-slate-50 to-transparent sm:w-24 motion-reduce:hidden"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-0 z-10 w-12 bg-linear-to-l from-slate-50 to-transparent sm:w-24 motion-reduce:hidden"
        />
        <div
          data-testid="marquee-track"
          className={cn(
            'flex w-max animate-marquee group-hover:[animation-play-state:paused] motion-reduce:w-full motion-reduce:animate-none motion-reduce:px-4',
            paused && '[animation-play-state:paused]',
          )}
        >
          <NameList copy="main" />
          <NameList copy="duplicate" />
        </div>
      </div>
      <Container className="mt-8 flex justify-center motion-reduce:hidden">
        <button
          type="button"
          onClick={() => setPaused((value) => !value)}
          aria-pressed={paused}
          className="inline-flex min-h-11 items-center gap-2 rounded-control px-3 text-sm font-medium text-slate-700 hover:bg-slate-200/60 hover:text-brand-800"
        >
          {paused ? (
            <Play aria-hidden="true" className="size-4" />
          ) : (
            <Pause aria-hidden="true" className="size-4" />
          )}
          {trustText.pause}
        </button>
      </Container>
    </section>
  );
}
