import { type ReactNode, useEffect } from 'react';

import { staffText } from '#app/content/staff.ts';
import type { StaffIdentity } from '#contracts/staff/contract.ts';
import { ScrollManager } from '#app/components/scroll-manager.tsx';
import { StaffBar } from './staff-bar.tsx';

/**
 * The staff pages' chrome, in place of the public site's shell (the root route leaves it out
 * for routes whose `handle` says they draw their own, see docs/decisions/0021): a skip link,
 * the staff bar, the main content; no public header, footer or floating buttons.
 */
export function StaffShell({
  me,
  navigation = me !== undefined,
  children,
}: {
  me?: StaffIdentity;
  navigation?: boolean;
  children: ReactNode;
}) {
  useEffect(() => {
    // As the site's shell does: browser tests know the page's behaviour is live.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-control bg-white px-4 py-3 font-semibold text-brand-900 shadow-card focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {staffText.chrome.skipLink}
      </a>
      <StaffBar me={me} navigation={navigation} />
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <ScrollManager />
    </div>
  );
}
