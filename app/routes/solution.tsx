import { useLocation } from 'react-router';

import { NotFoundScreen } from '../components/not-found-screen';
import { PageHeader } from '../components/page-header';
import { findSolutionByPath, solutionPath } from '../content/solutions/catalog';
import { pageMeta } from '../seo';
import type { Route } from './+types/solution';

export const meta: Route.MetaFunction = ({ location }) => {
  const entry = findSolutionByPath(location.pathname);
  if (!entry) return [];
  return pageMeta({
    title: entry.title,
    description: `${entry.title} : étude, financement et installation par nos équipes certifiées RGE. Demandez votre devis gratuit.`,
    path: solutionPath(entry),
  });
};

export default function SolutionRoute() {
  const { pathname } = useLocation();
  const entry = findSolutionByPath(pathname);
  if (!entry) return <NotFoundScreen />;
  const audienceLabel = entry.audience === 'particuliers' ? 'Particuliers' : 'Professionnels';
  return <PageHeader eyebrow={audienceLabel} title={entry.title} />;
}
