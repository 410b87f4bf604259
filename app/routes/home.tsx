import { siteConfig } from '../../config/site';
import { ExpertiseSection } from '../components/home/expertise-section';
import { GuaranteesSection } from '../components/home/guarantees-section';
import { Hero } from '../components/home/hero';
import { SolutionsSection } from '../components/home/solutions-section';
import { TrustMarquee } from '../components/home/trust-marquee';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: `${siteConfig.companyName} | Rénovation énergétique`,
    fullTitle: true,
    description:
      'Rénovation énergétique pour professionnels et particuliers : audit, financement, travaux certifiés RGE et jusqu’à 70 % d’économies d’énergie.',
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
