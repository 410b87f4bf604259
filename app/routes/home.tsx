import { siteConfig } from '../../config/site';
import { PageHeader } from '../components/page-header';
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
    <PageHeader
      title="Pour un avenir plus durable et plus sobre en énergie"
      lead="Audit, financement et travaux de rénovation énergétique certifiés RGE."
    />
  );
}
