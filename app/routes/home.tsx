import { ExpertiseSection } from '#app/components/home/expertise-section.tsx';
import { GuaranteesSection } from '#app/components/home/guarantees-section.tsx';
import { Hero } from '#app/components/home/hero.tsx';
import { SolutionsSection } from '#app/components/home/solutions-section.tsx';
import { TrustMarquee } from '#app/components/home/trust-marquee.tsx';
import { pageMetaText } from '#app/content/page-meta.ts';
import { pageMeta } from '#app/seo.ts';

export const meta = () =>
  pageMeta({
    ...pageMetaText.home,
    fullTitle: true,
    path: '/',
  });

export default function HomeRoute() {
  return (
    <>
      <Hero />
      <ExpertiseSection />
      <SolutionsSection />
      <GuaranteesSection />
      <TrustMarquee />
    </>
  );
}
