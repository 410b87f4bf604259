import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { shellText } from '#app/content/shell.ts';
import { ButtonLink } from './ui/button.tsx';
import { Container } from './ui/container.tsx';

const text = shellText.notFound;

/**
 * The 404 screen. It renders nothing that depends on the URL, so the prerendered copy served
 * for any unknown path hydrates cleanly; the missed path is only logged, after hydration.
 */
export function NotFoundScreen() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <Container className="flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
      <p className="text-7xl font-bold tracking-tight text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 lang="en" className="mt-4 text-title font-bold text-brand-950">
        {text.title}
      </h1>
      <p className="mt-3 max-w-md text-lg text-slate-600">{text.text}</p>
      <ButtonLink to="/" variant="primary" size="lg" className="mt-8">
        {text.home}
      </ButtonLink>
    </Container>
  );
}
