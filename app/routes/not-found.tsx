import { NotFoundScreen } from '../components/not-found-screen';
import { pageMetaText } from '../content/page-meta';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    ...pageMetaText.notFound,
    path: '/404',
    noindex: true,
  });

export default function NotFoundRoute() {
  return <NotFoundScreen />;
}
