import { useLocation } from 'react-router';

import { NotFoundScreen } from '../components/not-found-screen';
import { SolutionPage } from '../components/solution/solution-page';
import { findSolutionByPath, solutionPath } from '../content/solutions/catalog';
import { solutionContent } from '../content/solutions/content';
import { pageMeta } from '../seo';
import type { Route } from './+types/solution';

export const meta: Route.MetaFunction = ({ location }) => {
  const entry = findSolutionByPath(location.pathname);
  if (!entry) return [];
  return pageMeta({
    title: entry.title,
    description: solutionContent(entry).metaDescription,
    path: solutionPath(entry),
  });
};

export default function SolutionRoute() {
  const { pathname } = useLocation();
  const entry = findSolutionByPath(pathname);
  // Unknown slugs fall to the '*' route; this guards against a route table out of step.
  if (!entry) return <NotFoundScreen />;
  return <SolutionPage content={solutionContent(entry)} />;
}
