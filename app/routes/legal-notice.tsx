import { siteConfig } from '../../config/site';
import { LegalDocumentView } from '../components/legal/legal-document';
import { RGE_STATUS_ATTRIBUTE, useRgeExpired } from '../components/legal/use-rge-expired';
import { legalNoticeContent } from '../content/legal/legal-notice';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: 'Mentions légales',
    description:
      'Mentions légales du site\u00a0: éditeur, siège social, directeur de la publication, hébergeur, propriété intellectuelle et certifications.',
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
