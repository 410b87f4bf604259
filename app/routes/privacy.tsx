import { siteConfig } from '../../config/site';
import { LegalDocumentView } from '../components/legal/legal-document';
import { privacyContent } from '../content/legal/privacy';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: 'Politique de confidentialité',
    description:
      'Comment nous traitons vos données personnelles\u00a0: finalités, bases légales, durées de conservation et exercice de vos droits RGPD.',
    path: '/politique-confidentialite',
  });

export default function PrivacyRoute() {
  return <LegalDocumentView document={privacyContent(siteConfig)} />;
}
