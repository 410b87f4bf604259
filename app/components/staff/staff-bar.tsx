import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { siteConfig } from '#config/site.ts';
import { cn } from '#app/components/ui/class-names.ts';
import { STAFF_NAV, staffText, type StaffNavEntry } from '#app/content/staff.ts';
import { STAFF_API, STAFF_SIGN_IN_PAGE, type StaffIdentity } from '#contracts/staff/contract.ts';
import { StaffMessage } from './controls.tsx';
import { postJson, StaffApiError } from './staff-api.ts';
import { rememberFilter } from './filter-memory.ts';

const text = staffText.chrome;

/** On a dark surface the site's focus ring (brand-500) is too faint: a light one instead. */
const onDarkFocus = 'focus-visible:outline-accent-300';

/** `"page"` on the entry's own page, `"true"` inside its section, nothing elsewhere. */
export function currentState(entry: StaffNavEntry, pathname: string): 'page' | 'true' | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === entry.to) return 'page';
  if (entry.sectionPrefix && path.startsWith(entry.sectionPrefix)) return 'true';
  return undefined;
}

/** The pages of `STAFF_NAV` the signed-in person may open (the team page: responsables only). */
function navFor(me: StaffIdentity | undefined): readonly StaffNavEntry[] {
  return STAFF_NAV.filter((entry) => !entry.responsablesOnly || me?.role === 'responsable');
}

function StaffNav({ me }: { me?: StaffIdentity }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={text.navLabel}>
      <ul className="flex flex-wrap gap-1">
        {navFor(me).map((entry) => {
          const current = currentState(entry, pathname);
          return (
            <li key={entry.to}>
              <Link
                to={entry.to}
                aria-current={current}
                className={cn(
                  'inline-flex min-h-11 items-center rounded-control px-3 font-medium',
                  onDarkFocus,
                  current
                    ? 'bg-brand-800 text-white underline decoration-accent-300 decoration-2 underline-offset-8'
                    : 'text-brand-100 hover:bg-brand-800 hover:text-white',
                )}
              >
                {entry.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Who is signed in, and sign-out (back to the sign-in page, the remembered filter forgotten). */
function Account({ me }: { me: StaffIdentity }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const signOut = async () => {
    setError(undefined);
    try {
      await postJson(STAFF_API.signOut);
    } catch (failure) {
      if (!(failure instanceof StaffApiError && failure.status === 401)) {
        setError((failure as Error).message);
        return;
      }
    }
    rememberFilter({});
    await navigate(STAFF_SIGN_IN_PAGE, { replace: true });
  };
  return (
    // Phones: a row of its own under the name and the pages; wide screens: at the bar's end.
    <div className="flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-2 lg:ml-auto lg:w-auto">
      <p className="min-w-0 text-sm text-brand-100">
        <span className="sr-only lg:not-sr-only">{text.signedInAs} </span>
        <span className="font-medium break-all text-white">{me.email}</span>
      </p>
      <button
        type="button"
        onClick={() => void signOut()}
        className={cn(
          'inline-flex min-h-11 items-center justify-center rounded-control border border-brand-300 px-4 font-semibold text-white hover:bg-brand-800',
          onDarkFocus,
        )}
      >
        {text.signOut}
      </button>
      {error ? (
        <div className="w-full">
          <StaffMessage tone="error">{error}</StaffMessage>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The staff pages' bar: the company's name and "Espace équipe"; with `navigation`, the staff
 * pages (`STAFF_NAV`); with `me`, the signed-in address and sign-out. The sign-in page shows
 * neither.
 */
export function StaffBar({ me, navigation }: { me?: StaffIdentity; navigation: boolean }) {
  return (
    <header className="bg-brand-900 text-white">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2 sm:px-6">
        <p className="flex min-h-11 items-center">
          <span className="flex flex-col leading-tight sm:flex-row sm:items-baseline sm:gap-x-2">
            <span className="text-lg font-bold tracking-tight">{siteConfig.companyName}</span>
            <span className="text-sm text-brand-200">{text.area}</span>
          </span>
        </p>
        {navigation ? <StaffNav me={me} /> : null}
        {me ? <Account me={me} /> : null}
      </div>
    </header>
  );
}
