import { siteConfig } from '../../config/site';
import { AudienceObjection } from '../components/legal/audience-objection';
import { LegalDocumentView } from '../components/legal/legal-document';
import { privacyContent } from '../content/legal/privacy';
import { pageMetaText } from '../content/page-meta';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    ...pageMetaText.privacy,
    path: '/politique-confidentialite',
  });

export default function PrivacyRoute() {
  return (
    <LegalDocumentView
      document={privacyContent(siteConfig)}
      controls={{ 'audience-objection': <AudienceObjection /> }}
    />
  );
}
