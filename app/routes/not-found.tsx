import { NotFoundScreen } from '#app/components/not-found-screen.tsx';
import { pageMetaText } from '#app/content/page-meta.ts';
import { pageMeta } from '#app/seo.ts';

export const meta = () =>
  pageMeta({
    ...pageMetaText.notFound,
    path: '/404',
    noindex: true,
  });

export default function NotFoundRoute() {
  return <NotFoundScreen />;
}
