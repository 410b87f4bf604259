import { benefits, expertiseText, processSteps } from '#app/content/home.ts';
import { Container } from '#app/components/ui/container.tsx';
import {
  BadgeCheck,
  ChartLine,
  FileCheck,
  HandCoins,
  type IconComponent,
  TrendingDown,
  Wrench,
} from '#app/components/ui/icons.tsx';
import { FeatureCard } from './feature-card.tsx';
import { SectionHeading } from './section-heading.tsx';

/** One icon per benefit card, in the order of `benefits`. */
const benefitIcons: readonly IconComponent[] = [
  TrendingDown,
  BadgeCheck,
  HandCoins,
  FileCheck,
  Wrench,
  ChartLine,
];

export function ExpertiseSection() {
  return (
    <section aria-labelledby="expertise-title" className="bg-white py-20 sm:py-24">
      <Container>
        <SectionHeading
          id="expertise-title"
          eyebrow={expertiseText.eyebrow}
          title={expertiseText.title}
          lead={expertiseText.lead}
        />
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {benefits.map((benefit, position) => {
            const Icon = benefitIcons[position % benefitIcons.length] ?? BadgeCheck;
            return (
              <FeatureCard
                key={benefit.title}
                icon={Icon}
                title={benefit.title}
                description={benefit.description}
                size="lg"
              />
            );
          })}
        </ul>

        <div className="mt-20 rounded-[1.5rem] bg-brand-50 px-5 py-10 sm:px-10 sm:py-12">
          <h3 id="process-title" className="text-2xl font-bold tracking-tight text-brand-950">
            {expertiseText.processTitle}
          </h3>
          <p className="mt-2 max-w-2xl text-slate-600">{expertiseText.processLead}</p>
          <div className="relative mt-10">
            <span
              aria-hidden="true"
              className="absolute bottom-6 left-6 top-6 w-0.5 -translate-x-1/2 bg-brand-200 lg:bottom-auto lg:left-6 lg:right-[calc((100%-6rem)/5-1.5rem)] lg:top-6 lg:h-0.5 lg:w-auto lg:translate-x-0 lg:-translate-y-1/2"
            />
            <ol
              aria-labelledby="process-title"
              className="relative grid gap-8 lg:grid-cols-5 lg:gap-6"
            >
              {processSteps.map((step) => (
                <li key={step.number} className="relative flex gap-5 lg:flex-col lg:gap-0">
                  <span className="relative z-10 flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold tabular-nums text-white ring-8 ring-brand-50">
                    <span className="sr-only">{expertiseText.stepLabel} </span>
                    {step.number}
                  </span>
                  <div className="pt-2 lg:pt-5">
                    <h4 className="text-lg font-semibold text-brand-950">{step.title}</h4>
                    <p className="mt-1.5 text-[0.95rem] text-slate-600">{step.description}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </Container>
    </section>
  );
}
