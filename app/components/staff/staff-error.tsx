import { data, isRouteErrorResponse, Link, redirect, useRouteError } from 'react-router';

import { ownerText } from '#app/content/owners.ts';
import { staffText } from '#app/content/staff.ts';
import { STAFF_PAGE_PREFIX, STAFF_SIGN_IN_PAGE } from '#contracts/staff/contract.ts';
import { StaffApiError } from './staff-api.ts';
import { StaffShell } from './staff-shell.tsx';

/** What the staff routes (the inbox's and the audience page's) share: sign-in redirect, errors. */

/** 401 from the API: to the sign-in page. */
export async function signedIn<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof StaffApiError && error.status === 401) throw redirect(STAFF_SIGN_IN_PAGE);
    // A request that does not exist, or a page for responsables only: the API's French words.
    if (error instanceof StaffApiError && (error.status === 404 || error.status === 403)) {
      throw data(error.message, { status: error.status });
    }
    throw error;
  }
}

/**
 * An unknown staff path, a request that no longer exists, or a failure: said inside the staff
 * chrome (navigation, no account: who is signed in is not known here).
 */
export function StaffErrorBoundary() {
  const error = useRouteError();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const notFound = (isRouteErrorResponse(error) && error.status === 404) || forbidden;
  if (!notFound) console.error(error);
  const text = forbidden
    ? { title: ownerText.forbiddenTitle, text: '' }
    : notFound
      ? staffText.notFound
      : staffText.failure;
  // A request that no longer exists comes with the API's own French message.
  const detail =
    notFound && typeof error.data === 'string' && error.data !== '' ? error.data : text.text;
  return (
    <StaffShell navigation>
      <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-brand-950">{text.title}</h1>
        <p className="mt-3 max-w-prose text-lg text-slate-700">{detail}</p>
        <Link
          to={STAFF_PAGE_PREFIX}
          className="mt-6 inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
        >
          {staffText.backToInbox}
        </Link>
      </div>
    </StaffShell>
  );
}
