import { siteConfig } from '../../config/site';
import { LegalDocumentView } from '../components/legal/legal-document';
import { termsContent } from '../content/legal/terms';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: 'Conditions générales de vente',
    description:
      'Nos conditions générales de vente sont remises avec chaque devis. Découvrez comment les obtenir et comment saisir le médiateur.',
    path: '/cgv',
  });

export default function TermsRoute() {
  return <LegalDocumentView document={termsContent(siteConfig)} />;
}
