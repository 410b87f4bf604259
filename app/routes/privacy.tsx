import { PageHeader } from '../components/page-header';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: 'Politique de confidentialité',
    description:
      'Comment nous traitons vos données personnelles : finalités, bases légales, durées de conservation et exercice de vos droits RGPD.',
    path: '/politique-confidentialite',
  });

export default function PrivacyRoute() {
  return <PageHeader title="Politique de confidentialité" />;
}
