import { PageHeader } from '../components/page-header';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: 'Conditions générales de vente',
    description:
      'Nos conditions générales de vente sont remises avec chaque devis. Découvrez comment les obtenir et comment saisir le médiateur.',
    path: '/cgv',
  });

export default function TermsRoute() {
  return <PageHeader title="Conditions générales de vente" />;
}
