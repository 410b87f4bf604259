import { useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { staffText } from '../../content/staff';
import {
  STAFF_API,
  STAFF_PAGE_PREFIX,
  STAFF_SIGN_IN_PAGE,
  type StaffIdentity,
} from '../../../staff/contract';
import { StaffButton, StaffMessage } from './controls';
import { postJson, StaffApiError } from './staff-api';
import { rememberFilter } from './filter-memory';

/** Who is signed in, the way back to the list, and sign-out. */
export function StaffBar({ me }: { me: StaffIdentity }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const signOut = async () => {
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
    <nav aria-label="Espace équipe" className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <Link to={STAFF_PAGE_PREFIX} className="font-semibold text-brand-800 underline">
          {staffText.header.inbox}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm text-slate-700">
            {staffText.header.signedInAs} <span className="font-medium">{me.email}</span>
          </span>
          <StaffButton tone="outline" onClick={() => void signOut()}>
            {staffText.header.signOut}
          </StaffButton>
        </div>
      </div>
      {error ? (
        <div className="mx-auto max-w-6xl px-4 pb-3 sm:px-6">
          <StaffMessage tone="error">{error}</StaffMessage>
        </div>
      ) : null}
    </nav>
  );
}
