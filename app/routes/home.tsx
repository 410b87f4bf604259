import { ExpertiseSection } from '../components/home/expertise-section';
import { GuaranteesSection } from '../components/home/guarantees-section';
import { Hero } from '../components/home/hero';
import { SolutionsSection } from '../components/home/solutions-section';
import { TrustMarquee } from '../components/home/trust-marquee';
import { pageMetaText } from '../content/page-meta';
import { pageMeta } from '../seo';

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
