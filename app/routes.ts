import { type RouteConfig, index, route } from '@react-router/dev/routes';

import { CONTACT_ERROR_PATHS, CONTACT_THANKS_PATH } from '#contracts/contact/paths.ts';
import { VISITOR_PAGE_PATH } from '#contracts/contact/visitor-page.ts';
import { allSolutions, solutionPath } from './content/solutions/catalog.ts';

/**
 * Explicit route table. Each solution gets its own static route (same module, one id per slug),
 * so an unknown slug falls through to the 404 route on the client exactly as on the server.
 */
export default [
  index('routes/home.tsx'),
  route('contact', 'routes/contact.tsx'),
  // Where the form's native post lands (noindex, not in the sitemap); one route per reason.
  route(CONTACT_THANKS_PATH.slice(1), 'routes/contact-thanks.tsx'),
  ...Object.entries(CONTACT_ERROR_PATHS).map(([reason, path]) =>
    route(path.slice(1), 'routes/contact-error.tsx', { id: `contact-error-${reason}` }),
  ),
  // The visitor's page (issue 37): opened by the confirmation's link only (noindex, not in the
  // sitemap, linked from no page).
  route(VISITOR_PAGE_PATH.slice(1), 'routes/visitor.tsx'),
  route('mentions-legales', 'routes/legal-notice.tsx'),
  route('politique-confidentialite', 'routes/privacy.tsx'),
  route('cgv', 'routes/terms.tsx'),
  ...allSolutions.map((entry) =>
    route(solutionPath(entry).slice(1), 'routes/solution.tsx', {
      id: `solution-${entry.audience}-${entry.slug}`,
    }),
  ),
  // The staff inbox: client-rendered, never prerendered (a splat has no static path), not in
  // the sitemap; the server answers /equipe/* with the SPA fallback page.
  // Its audience page: a route of its own (its chart library in its chunk alone), a splat too.
  route('equipe/audience/*', 'routes/staff-audience.tsx'),
  // Its integrations page (the CRM webhook, issue 26): its own chunk, like the audience page.
  route('equipe/integrations/*', 'routes/staff-integrations.tsx'),
  route('equipe/*', 'routes/staff.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
