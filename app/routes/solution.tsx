import { renderToStaticMarkup } from 'react-dom/server';
import { data } from 'react-router';

import { SolutionIllustration } from '#app/components/solution/solution-illustration.tsx';
import { SolutionPage } from '#app/components/solution/solution-page.tsx';
import { findSolutionByPath, solutionPath } from '#app/content/solutions/catalog.ts';
import { solutionContent } from '#app/content/solutions/content.ts';
import { pageMeta } from '#app/seo.ts';
import type { Route } from './+types/solution';

/**
 * Runs when the page is prerendered, never in the browser: the page's HTML and its `.data` file
 * (what client-side navigation fetches) carry this solution's content and drawing, and the route's
 * script carries none of the 21 (ADR 0012). The drawing travels as markup, like the text.
 */
export function loader({ request }: Route.LoaderArgs) {
  const entry = findSolutionByPath(new URL(request.url).pathname);
  if (!entry) throw data(null, { status: 404 });
  const content = solutionContent(entry);
  const illustration = content.image
    ? renderToStaticMarkup(<SolutionIllustration kind={content.image} />)
    : null;
  return { content, illustration };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { content } = loaderData;
  return pageMeta({
    title: content.title,
    description: content.metaDescription,
    path: solutionPath(content),
  });
};

export default function SolutionRoute({ loaderData }: Route.ComponentProps) {
  return <SolutionPage content={loaderData.content} illustration={loaderData.illustration} />;
}
