import { siteConfig } from '../../config/site';
import { LegalDocumentView } from '../components/legal/legal-document';
import { RGE_STATUS_ATTRIBUTE, useRgeExpired } from '../components/legal/use-rge-expired';
import { legalNoticeContent } from '../content/legal/legal-notice';
import { pageMetaText } from '../content/page-meta';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    ...pageMetaText.legalNotice,
    path: '/mentions-legales',
  });

export default function LegalNoticeRoute() {
  const rgeExpired = useRgeExpired();
  return (
    <div {...{ [RGE_STATUS_ATTRIBUTE]: String(rgeExpired) }}>
      <LegalDocumentView document={legalNoticeContent(siteConfig, rgeExpired)} />
    </div>
  );
}
