import { siteConfig } from '#config/site.ts';
import { LegalDocumentView } from '#app/components/legal/legal-document.tsx';
import { RGE_STATUS_ATTRIBUTE, useRgeExpired } from '#app/components/legal/use-rge-expired.ts';
import { legalNoticeContent } from '#app/content/legal/legal-notice.ts';
import { pageMetaText } from '#app/content/page-meta.ts';
import { pageMeta } from '#app/seo.ts';

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
