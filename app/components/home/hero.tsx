import heroIllustrationUrl from '#app/assets/hero-illustration.svg?url';
import { claims, heroText } from '#app/content/home.ts';
import { Button, ButtonLink } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/class-names.ts';
import { Container } from '#app/components/ui/container.tsx';
import { ArrowDown, ArrowRight } from '#app/components/ui/icons.tsx';
import { scrollToSection } from './scroll-to-section.ts';
import { SOLUTIONS_HEADING_ID, SOLUTIONS_SECTION_ID } from './section-ids.ts';

/** The eyebrow, the title, the lead and the two calls to action. */
function HeroIntro() {
  return (
    <div>
      <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-sm font-medium text-brand-100">
        <span aria-hidden="true" className="size-2 rounded-full bg-accent-400" />
        {heroText.eyebrow}
      </p>
      <h1
        id="hero-title"
        className="mt-6 text-[2.25rem] font-bold leading-[1.1] tracking-tight text-balance sm:text-5xl lg:text-[3.5rem]"
      >
        {heroText.title}
      </h1>
      <p className="mt-6 max-w-xl text-lg text-pretty text-brand-100 sm:text-xl">{heroText.lead}</p>
      <div className="mt-9 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <ButtonLink
          to="/contact"
          variant="accent"
          size="lg"
          className="min-h-12 sm:whitespace-nowrap"
        >
          {heroText.primaryAction}
          <ArrowRight aria-hidden="true" className="size-5" />
        </ButtonLink>
        <Button
          variant="inverse"
          size="lg"
          className="min-h-12 sm:whitespace-nowrap"
          aria-controls={SOLUTIONS_SECTION_ID}
          onClick={() => scrollToSection(SOLUTIONS_SECTION_ID, SOLUTIONS_HEADING_ID)}
        >
          {heroText.secondaryAction}
          <ArrowDown aria-hidden="true" className="size-5" />
        </Button>
      </div>
    </div>
  );
}

/** The company's claims in figures, under the hero's text. */
function HeroClaims() {
  return (
    <div className="border-t border-white/10 bg-brand-950/40">
      <Container>
        <h2 className="sr-only">{heroText.claimsLabel}</h2>
        <dl className="grid grid-cols-2 gap-px py-2 sm:grid-cols-4 lg:grid-cols-7">
          {claims.map((claim, position) => (
            <div
              key={claim.label}
              className={cn(
                'flex flex-col-reverse justify-end px-2 py-4 lg:px-3 lg:py-6',
                position === 0 && 'col-span-2 sm:col-span-2 lg:col-span-1',
              )}
            >
              <dt className="mt-1 text-sm leading-snug text-brand-200">{claim.label}</dt>
              <dd className="text-2xl font-bold tracking-tight tabular-nums text-white sm:text-3xl lg:text-[1.7rem]">
                {claim.prefix ? (
                  <span className="mr-1 text-base font-semibold text-accent-300">
                    {claim.prefix}
                  </span>
                ) : null}
                {claim.value}
              </dd>
            </div>
          ))}
        </dl>
      </Container>
    </div>
  );
}

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-brand-950 text-white"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-linear-to-br from-brand-950 via-brand-900 to-brand-800"
      />
      <div
        aria-hidden="true"
        className="absolute -right-40 -top-40 -z-10 size-[36rem] rounded-full bg-brand-500/20 blur-3xl"
      />
      <Container className="grid items-center gap-12 pb-14 pt-14 sm:pt-20 lg:grid-cols-[1.3fr_1fr] lg:pb-20 lg:pt-24">
        <HeroIntro />
        <div className="hidden lg:block">
          {/* Decorative, wide screens only: a cached file rather than inline markup (lazy, so
              phones, which never show it, never download it). */}
          <img
            src={heroIllustrationUrl}
            alt=""
            width={480}
            height={420}
            loading="lazy"
            decoding="async"
            className="h-auto w-full"
          />
        </div>
      </Container>
      <HeroClaims />
      {/* Anchored to the section's bottom, so it comes after the content: while a slow phone
          paints the page as its HTML arrives, a glow parsed before the content would move down
          with every line added above it (a layout shift before any script runs, ADR 0035). */}
      <div
        aria-hidden="true"
        className="absolute -bottom-56 -left-32 -z-10 size-[28rem] rounded-full bg-accent-400/10 blur-3xl"
      />
    </section>
  );
}
