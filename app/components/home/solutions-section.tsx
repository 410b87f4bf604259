import { solutionsText } from '../../content/home';
import { cn } from '../ui/class-names';
import { Container } from '../ui/container';
import { renderWhenNear } from './render-when-near';
import { SectionHeading } from './section-heading';
import { SOLUTIONS_HEADING_ID, SOLUTIONS_SECTION_ID } from './section-ids';
import { SolutionsCarousel } from './solutions-carousel';

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
