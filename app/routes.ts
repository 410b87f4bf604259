import { type RouteConfig, index, route } from '@react-router/dev/routes';

import { allSolutions, solutionPath } from './content/solutions/catalog';

/**
 * Explicit route table. Each solution gets its own static route (same module, one id per slug),
 * so an unknown slug falls through to the 404 route on the client exactly as on the server.
 */
export default [
  index('routes/home.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('mentions-legales', 'routes/legal-notice.tsx'),
  route('politique-confidentialite', 'routes/privacy.tsx'),
  route('cgv', 'routes/terms.tsx'),
  ...allSolutions.map((entry) =>
    route(solutionPath(entry).slice(1), 'routes/solution.tsx', {
      id: `solution-${entry.audience}-${entry.slug}`,
    }),
  ),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
