import { PageHeader } from '../components/page-header';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: 'Renseignez-vous gratuitement',
    description:
      'Demandez gratuitement un devis ou un conseil en rénovation énergétique : nous vous rappelons sous 24h pour étudier votre projet.',
    path: '/contact',
  });

export default function ContactRoute() {
  return (
    <PageHeader
      title="Renseignez-vous gratuitement"
      lead="Décrivez votre projet : un conseiller vous rappelle sous 24h."
    />
  );
}
