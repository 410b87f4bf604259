import { solutionsText } from '#app/content/home.ts';
import { cn } from '#app/components/ui/class-names.ts';
import { Container } from '#app/components/ui/container.tsx';
import { renderWhenNear } from './render-when-near.ts';
import { SectionHeading } from './section-heading.tsx';
import { SOLUTIONS_HEADING_ID, SOLUTIONS_SECTION_ID } from './section-ids.ts';
import { SolutionsCarousel } from './solutions-carousel.tsx';

export function SolutionsSection() {
  return (
    <section
      id={SOLUTIONS_SECTION_ID}
      aria-labelledby={SOLUTIONS_HEADING_ID}
      className={cn(
        'border-y border-slate-200 bg-slate-50 py-20 sm:py-24',
        renderWhenNear.solutions,
      )}
    >
      <Container>
        <SectionHeading
          id={SOLUTIONS_HEADING_ID}
          eyebrow={solutionsText.eyebrow}
          title={solutionsText.title}
          lead={solutionsText.lead}
        />
        <div className="mt-10">
          <SolutionsCarousel />
        </div>
      </Container>
    </section>
  );
}
