import { siteConfig } from '../../config/site';
import { LegalDocumentView } from '../components/legal/legal-document';
import { termsContent } from '../content/legal/terms';
import { pageMetaText } from '../content/page-meta';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    ...pageMetaText.terms,
    path: '/cgv',
  });

export default function TermsRoute() {
  return <LegalDocumentView document={termsContent(siteConfig)} />;
}
