import type { ReactNode } from 'react';

import { contactHref, type SolutionContent } from '#app/content/solutions/content.ts';
import { solutionTemplateText as text } from '#app/content/solutions/template.ts';
import { JsonLd } from '#app/components/json-ld.tsx';
import { cn } from '#app/components/ui/class-names.ts';
import { Container } from '#app/components/ui/container.tsx';
import { CircleCheck, HandCoins, Wrench } from '#app/components/ui/icons.tsx';
import { QuoteActions, QuoteCard } from './quote-actions.tsx';
import { SolutionBreadcrumb } from './solution-breadcrumb.tsx';
import { solutionStructuredData } from './structured-data.ts';
import { WhyChooseUs } from './why-choose-us.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold tracking-tight text-brand-950">
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}

function IconList({ items, icon }: { items: readonly string[]; icon: 'tool' | 'aid' }) {
  const Icon = icon === 'tool' ? Wrench : HandCoins;
  return (
    <ul
      className={
        icon === 'tool'
          ? 'divide-y divide-slate-200 rounded-card border border-slate-200 bg-white'
          : 'space-y-3'
      }
    >
      {items.map((item) => (
        <li
          key={item}
          className={cn(
            'flex gap-3 leading-relaxed text-slate-700',
            icon === 'tool' && 'px-4 py-3',
          )}
        >
          <Icon
            className="mt-0.5 size-5 shrink-0 text-brand-600"
            aria-hidden="true"
            focusable="false"
          />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** The savings and the price, side by side under the summary. */
function SolutionFigures({ content }: { content: SolutionContent }) {
  return (
    <dl className="mt-6 flex flex-wrap gap-3">
      <div className="rounded-card bg-accent-400 px-4 py-2.5 text-brand-950">
        <dt className="text-xs font-semibold uppercase tracking-wide">{text.savingsLabel}</dt>
        <dd className="text-lg font-bold tabular-nums">{content.savings}</dd>
      </div>
      <div className="rounded-card border border-brand-200 bg-white px-4 py-2.5 text-brand-950">
        <dt className="text-xs font-semibold uppercase tracking-wide text-brand-700">
          {text.priceLabel}
        </dt>
        <dd className="text-lg font-bold tabular-nums">{content.price}</dd>
      </div>
    </dl>
  );
}

/** The page's top band: breadcrumb, title, summary, figures, the quote buttons, the drawing. */
function SolutionIntro({
  content,
  illustration,
  href,
}: {
  content: SolutionContent;
  illustration: string | null;
  href: string;
}) {
  return (
    <div className="border-b border-brand-100 bg-brand-50">
      <Container className="pb-10 pt-6 sm:pb-12 sm:pt-8 lg:grid lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-center lg:gap-16">
        <div>
          <SolutionBreadcrumb audience={content.audience} title={content.title} />
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-brand-950 sm:text-title">
            {content.title}
          </h1>
          <p className="mt-3 max-w-2xl text-lg leading-relaxed text-slate-700">{content.summary}</p>
          <SolutionFigures content={content} />
          <QuoteActions contactHref={href} className="mt-6 sm:flex-row lg:hidden" />
        </div>
        {illustration ? (
          <div className="hidden lg:block" dangerouslySetInnerHTML={{ __html: illustration }} />
        ) : null}
      </Container>
    </div>
  );
}

function BenefitList({ benefits }: { benefits: readonly string[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {benefits.map((benefit) => (
        <li
          key={benefit}
          className="flex gap-3 rounded-card bg-brand-50 p-4 leading-relaxed text-slate-800 sm:odd:last:col-span-2"
        >
          <CircleCheck
            className="mt-0.5 size-5 shrink-0 text-brand-600"
            aria-hidden="true"
            focusable="false"
          />
          <span>{benefit}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The shared template of the 21 solution pages (the team's design notes, "Solution pages").
 * `illustration`: the page's drawing as SVG markup (see app/routes/solution.tsx), if it has one.
 */
export function SolutionPage({
  content,
  illustration,
}: {
  content: SolutionContent;
  illustration: string | null;
}) {
  const href = contactHref(content);
  return (
    <>
      <JsonLd data={solutionStructuredData(content)} />
      <SolutionIntro content={content} illustration={illustration} href={href} />
      <Container className="grid gap-12 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-16">
        <div className="min-w-0 space-y-12">
          <Section id="solution-description" title={text.descriptionTitle}>
            <p className="max-w-prose text-lg leading-relaxed text-slate-700">
              {content.description}
            </p>
            {illustration ? (
              <div
                className="mt-8 max-w-xl lg:hidden"
                dangerouslySetInnerHTML={{ __html: illustration }}
              />
            ) : null}
          </Section>
          <Section id="solution-benefits" title={text.benefitsTitle}>
            <BenefitList benefits={content.benefits} />
          </Section>
          <Section id="solution-technical" title={text.technicalTitle}>
            <IconList items={content.technicalDetails} icon="tool" />
          </Section>
          <Section id="solution-aides" title={text.aidesTitle[content.audience]}>
            <IconList items={content.aides} icon="aid" />
          </Section>
          <WhyChooseUs />
        </div>
        <aside>
          <div className="lg:sticky lg:top-24">
            <QuoteCard contactHref={href} />
          </div>
        </aside>
      </Container>
    </>
  );
}
