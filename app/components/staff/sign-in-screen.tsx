import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

import { staffText } from '#app/content/staff.ts';
import { SIGN_IN_FRAGMENT_KEY, STAFF_API, STAFF_PAGE_PREFIX } from '#contracts/staff/contract.ts';
import { StaffButton, StaffInput, StaffMessage } from './controls.tsx';
import { postJson } from './staff-api.ts';

const text = staffText.signIn;

/**
 * The token of a sign-in link, read from the fragment (which browsers never send to a server),
 * then taken out of the address bar and the history. Called by the route's client loader.
 */
export function takeTokenFromFragment(): string | undefined {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const token = fragment.get(SIGN_IN_FRAGMENT_KEY) ?? undefined;
  if (token) dropFragment();
  return token;
}

function dropFragment() {
  window.history.replaceState(window.history.state, '', window.location.pathname);
}

function EmailField({ value, onChange }: { value: string; onChange: (email: string) => void }) {
  return (
    <StaffInput
      label={text.emailLabel}
      type="email"
      name="email"
      autoComplete="email"
      required
      maxLength={254}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** The link's token, and a link opened later in the same tab (only its fragment changes). */
function useLinkToken(linkToken: string | undefined) {
  const [token, setToken] = useState(linkToken);
  useEffect(() => {
    // The router may write the address it was loaded with back once loaded: drop it again.
    if (window.location.hash) dropFragment();
    // A link opened in the tab that already shows this page changes only the fragment.
    const onHashChange = () => {
      const found = takeTokenFromFragment();
      if (found) setToken(found);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  return [token, setToken] as const;
}

/**
 * `/equipe/connexion`: asks for an address and has a link sent; opened from a link, confirms the
 * sign-in with one button (a mail scanner that follows the link does not sign anyone in).
 */
export function SignInScreen({ linkToken }: { linkToken?: string }) {
  const navigate = useNavigate();
  const [token, setToken] = useLinkToken(linkToken);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [info, setInfo] = useState<string>();
  const [error, setError] = useState<string>();

  const requestLink = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setInfo(undefined);
    try {
      const answer = await postJson<{ message: string }>(STAFF_API.requestLink, { email });
      setInfo(answer.message);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const confirmLink = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await postJson(STAFF_API.session, { token });
      await navigate(STAFF_PAGE_PREFIX, { replace: true });
    } catch (failure) {
      setToken(undefined);
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-brand-950">
        {token ? text.linkTitle : text.title}
      </h1>
      {token ? (
        <form onSubmit={(event) => void confirmLink(event)} className="mt-6 space-y-4">
          <p className="text-slate-700">{text.linkIntro}</p>
          <StaffButton type="submit" disabled={busy}>
            {text.linkSubmit}
          </StaffButton>
        </form>
      ) : (
        <form onSubmit={(event) => void requestLink(event)} className="mt-6 space-y-4">
          <p className="text-slate-700">{text.intro}</p>
          <EmailField value={email} onChange={setEmail} />
          <StaffButton type="submit" disabled={busy}>
            {busy ? text.sending : text.submit}
          </StaffButton>
        </form>
      )}
      <div className="mt-6 space-y-3" aria-live="polite">
        {info ? <StaffMessage tone="info">{info}</StaffMessage> : null}
        {error ? <StaffMessage tone="error">{error}</StaffMessage> : null}
      </div>
    </div>
  );
}
