import { siteConfig } from '#config/site.ts';
import { LegalDocumentView } from '#app/components/legal/legal-document.tsx';
import { termsContent } from '#app/content/legal/terms.ts';
import { pageMetaText } from '#app/content/page-meta.ts';
import { pageMeta } from '#app/seo.ts';

export const meta = () =>
  pageMeta({
    ...pageMetaText.terms,
    path: '/cgv',
  });

export default function TermsRoute() {
  return <LegalDocumentView document={termsContent(siteConfig)} />;
}
