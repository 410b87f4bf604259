import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

import { countView } from './audience-beacon.ts';
import { recordNavigation } from './navigation-origin.ts';

/**
 * Scroll positions of the history entries seen in this tab, kept in memory only: the site
 * stores nothing in the browser (no cookie, no local or session storage: a product rule).
 */
const positions = new Map<string, number>();

/**
 * Opens every new page at the top (or at its #fragment), and brings back the previous position
 * when the visitor goes back or forward. Replaces React Router's ScrollRestoration, which keeps
 * positions in sessionStorage.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const isFirstRender = useRef(true);

  useEffect(() => {
    recordNavigation(location.pathname, location.search);
  }, [location.pathname, location.search]);

  // The audience count: one view per page shown (ADR 0023).
  useEffect(() => countView(location.pathname), [location.pathname]);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      if (frame !== 0) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        // React Router keeps the entry's key in history.state; the first entry has none ('default').
        positions.set(window.history.state?.key ?? 'default', window.scrollY);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, []);

  useLayoutEffect(() => {
    // On the first render (hydration) the browser's own position is the right one.
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    const saved = navigationType === 'POP' ? positions.get(location.key) : undefined;
    window.scrollTo(0, saved ?? 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
