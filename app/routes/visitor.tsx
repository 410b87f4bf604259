import { VisitorScreen } from '#app/components/visitor/visitor-screen.tsx';
import { visitorText } from '#app/content/visitor.ts';
import { VISITOR_PAGE_PATH } from '#contracts/contact/visitor-page.ts';
import { pageMeta } from '#app/seo.ts';

export const meta = () =>
  pageMeta({
    title: visitorText.metaTitle,
    description: visitorText.metaDescription,
    path: VISITOR_PAGE_PATH,
    noindex: true,
  });

/**
 * `/ma-demande` (ADR 0029): prerendered as a shell that says, without JavaScript, how to reach
 * the company; with it, opens the request of the link's token (in the fragment). Linked from
 * no page, not in the sitemap, `noindex`.
 */
export default function VisitorRoute() {
  return <VisitorScreen />;
}
