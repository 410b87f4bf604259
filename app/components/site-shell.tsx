import { type ReactNode, useEffect } from 'react';

import { shellText } from '#app/content/shell.ts';
import { businessJsonLd } from '#app/structured-data.ts';
import { JsonLd } from './json-ld.tsx';
import { FloatingActions } from './floating-actions/floating-actions.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header/header.tsx';
import { ScrollManager } from './scroll-manager.tsx';

export function SiteShell({ children }: { children: ReactNode }) {
  useEffect(() => {
    // Lets browser tests (and anyone curious) know the interactive parts are live.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <div id="page-top" tabIndex={-1} className="outline-none" />
      <a
        href="#main-content"
        className="sr-only z-50 rounded-control bg-white px-4 py-3 font-semibold text-brand-900 shadow-card focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {shellText.skipLink}
      </a>
      <Header />
      <main id="main-content" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <Footer />
      <FloatingActions />
      <ScrollManager />
      <JsonLd data={businessJsonLd()} />
    </>
  );
}
