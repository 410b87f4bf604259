import { PageHeader } from '../components/page-header';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: 'Mentions légales',
    description:
      'Mentions légales du site : éditeur, siège social, directeur de la publication, hébergeur, propriété intellectuelle et certifications.',
    path: '/mentions-legales',
  });

export default function LegalNoticeRoute() {
  return <PageHeader title="Mentions légales" />;
}
