import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useMatches,
  useRouteError,
} from 'react-router';

import interLatinUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';

import stylesheetUrl from './app.css?url';
import { siteConfig } from '#config/site.ts';
import { visitOrigin } from './components/navigation-origin.ts';
import { NotFoundScreen } from './components/not-found-screen.tsx';
import { SiteStyles } from './components/site-styles.tsx';
import { SiteShell } from './components/site-shell.tsx';
import { ButtonLink } from './components/ui/button.tsx';
import { Container } from './components/ui/container.tsx';
import { shellText } from './content/shell.ts';
import { drawsOwnChrome } from './route-handle.ts';
import type { Route } from './+types/root';

export const links: Route.LinksFunction = () => [
  { rel: 'preload', href: interLatinUrl, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** Default title, used by the SPA fallback and any route without its own meta. */
export const meta: Route.MetaFunction = () => [{ title: siteConfig.companyName }];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#184846" />
        <Meta />
        <Links />
        <SiteStyles href={stylesheetUrl} />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Every page inside the public site's shell, except the routes that draw their own chrome (the
 * staff pages): they get the bare outlet, so that no staff code sits in the root chunk.
 */
export default function App() {
  const outlet = <Outlet context={visitOrigin} />;
  return drawsOwnChrome(useMatches()) ? outlet : <SiteShell>{outlet}</SiteShell>;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <SiteShell>
        <NotFoundScreen />
      </SiteShell>
    );
  }
  console.error(error);
  return (
    <Container className="flex min-h-screen flex-col items-center justify-center py-20 text-center">
      <h1 lang="en" className="text-title font-bold text-brand-950">
        {shellText.error.title}
      </h1>
      <p className="mt-3 max-w-md text-lg text-slate-600">{shellText.error.text}</p>
      <ButtonLink to="/" variant="primary" size="lg" className="mt-8">
        {shellText.error.home}
      </ButtonLink>
    </Container>
  );
}
