import { NotFoundScreen } from '../components/not-found-screen';
import { shellText } from '../content/shell';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: shellText.notFound.metaTitle,
    description:
      'Cette page n’existe pas ou a été déplacée. Retrouvez nos solutions de rénovation énergétique depuis l’accueil.',
    path: '/404',
    noindex: true,
  });

export default function NotFoundRoute() {
  return <NotFoundScreen />;
}
