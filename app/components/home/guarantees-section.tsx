import {
  commitments,
  guaranteeCards,
  guaranteeFigures,
  guaranteesText,
} from '#app/content/home.ts';
import { cn } from '#app/components/ui/class-names.ts';
import { Container } from '#app/components/ui/container.tsx';
import {
  Award,
  BadgeCheck,
  Check,
  GraduationCap,
  HandCoins,
  HardHat,
  type IconComponent,
  PackageCheck,
  Scale,
  ShieldCheck,
  Umbrella,
} from '#app/components/ui/icons.tsx';
import { FeatureCard } from './feature-card.tsx';
import { renderWhenNear } from './render-when-near.ts';
import { SectionHeading } from './section-heading.tsx';

/** One icon per guarantee card, in the order of `guaranteeCards`. */
const guaranteeIcons: readonly IconComponent[] = [
  Award,
  ShieldCheck,
  Umbrella,
  PackageCheck,
  HandCoins,
  Scale,
  GraduationCap,
  HardHat,
];

export function GuaranteesSection() {
  return (
    <section
      aria-labelledby="guarantees-title"
      className={cn('bg-white py-20 sm:py-24', renderWhenNear.guarantees)}
    >
      <Container>
        <SectionHeading
          id="guarantees-title"
          eyebrow={guaranteesText.eyebrow}
          title={guaranteesText.title}
          lead={guaranteesText.lead}
        />
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {guaranteeCards.map((card, position) => {
            const Icon = guaranteeIcons[position] ?? BadgeCheck;
            return (
              <FeatureCard
                key={card.title}
                icon={Icon}
                title={card.title}
                description={card.description}
                size="md"
              />
            );
          })}
        </ul>

        <div className="mt-12 grid overflow-hidden rounded-[1.5rem] bg-brand-900 text-white lg:grid-cols-2">
          <div className="px-6 py-10 sm:px-10">
            <h3 className="text-2xl font-bold tracking-tight">{guaranteesText.commitmentsTitle}</h3>
            <ul className="mt-6 space-y-4">
              {commitments.map((commitment) => (
                <li key={commitment} className="flex gap-3 text-brand-50">
                  <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-accent-400 text-brand-950">
                    <Check aria-hidden="true" className="size-4" strokeWidth={3} />
                  </span>
                  {commitment}
                </li>
              ))}
            </ul>
          </div>
          <div className="border-t border-white/10 bg-brand-950/40 px-6 py-10 sm:px-10 lg:border-l lg:border-t-0">
            <h3 className="text-2xl font-bold tracking-tight">{guaranteesText.figuresTitle}</h3>
            <dl className="mt-6 grid grid-cols-2 gap-4">
              {guaranteeFigures.map((figure) => (
                <div
                  key={figure.label}
                  className="flex flex-col-reverse justify-end rounded-card border border-white/10 bg-white/5 p-5"
                >
                  <dt className="mt-1 text-sm text-brand-100">{figure.label}</dt>
                  <dd className="text-3xl font-bold tracking-tight tabular-nums text-white">
                    {figure.value}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </Container>
    </section>
  );
}
