import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

import { CONTACT_ERROR_PATHS, CONTACT_THANKS_PATH } from '#contracts/contact/paths.ts';
import { VISITOR_PAGE_PATH } from '#contracts/contact/visitor-page.ts';
import { STAFF_PAGE_PREFIX } from '#contracts/staff/contract.ts';
import { STAFF_SESSION_ROUTE } from '#app/components/staff/staff-session.ts';
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
  // The visitor's page: opened by the confirmation's link only (noindex, not in the
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
  // The staff pages (docs/decisions/0039): a layout route drawing their chrome, the sign-in, and
  // the pages behind a session under a pathless route that checks it. Client-rendered: never
  // prerendered, not in the sitemap (CLIENT_RENDERED_PREFIXES in routes-list.ts); the server
  // answers /equipe/* with the SPA fallback page. A new staff page is one line among the children.
  route(STAFF_PAGE_PREFIX.slice(1), 'routes/staff.tsx', [
    route('connexion', 'routes/staff/sign-in.tsx'),
    layout('routes/staff/session.tsx', { id: STAFF_SESSION_ROUTE }, [
      index('routes/staff/inbox.tsx'),
      route('demandes/:id', 'routes/staff/lead.tsx'),
      // Its own chunk, so that the chart library is in it alone.
      route('audience', 'routes/staff/audience.tsx'),
      route('integrations', 'routes/staff/integrations.tsx'),
      route('equipe', 'routes/staff/team.tsx'),
      route('mon-compte', 'routes/staff/account.tsx'),
    ]),
    route('*', 'routes/staff/not-found.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
