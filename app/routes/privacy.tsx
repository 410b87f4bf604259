import { siteConfig } from '#config/site.ts';
import { AudienceObjection } from '#app/components/legal/audience-objection.tsx';
import { LegalDocumentView } from '#app/components/legal/legal-document.tsx';
import { privacyContent } from '#app/content/legal/privacy.ts';
import { pageMetaText } from '#app/content/page-meta.ts';
import { pageMeta } from '#app/seo.ts';

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
