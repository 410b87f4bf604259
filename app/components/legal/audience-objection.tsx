import { useSyncExternalStore } from 'react';

import { AUDIENCE_OBJECTION_KEY } from '#contracts/audience/contract.ts';
import { audienceObjectionText as text } from '#app/content/legal/audience-objection.ts';
import { audienceOptedOut } from '#app/components/audience-beacon.ts';
import { Button } from '#app/components/ui/button.tsx';

type State = 'unknown' | 'measured' | 'objected' | 'browser-signal';

function readState(): State {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.globalPrivacyControl || nav.doNotTrack === '1') return 'browser-signal';
  return audienceOptedOut() ? 'objected' : 'measured';
}

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * « Je m’oppose à la mesure d’audience »: writes one localStorage key (only when the visitor
 * objects), which stops the beacon in this browser; "withdraw" removes it. It works once the
 * page's script runs; the prerendered page says what happens without it.
 */
export function AudienceObjection() {
  const state = useSyncExternalStore(subscribe, readState, () => 'unknown' as State);

  const choose = (object: boolean) => {
    try {
      if (object) localStorage.setItem(AUDIENCE_OBJECTION_KEY, '1');
      else localStorage.removeItem(AUDIENCE_OBJECTION_KEY);
    } catch {
      // Storage blocked: nothing can be remembered; the state below says what is true.
    }
    for (const listener of listeners) listener();
  };

  return (
    <div className="rounded-control border border-slate-200 bg-slate-50 px-4 py-4">
      <p role="status" className="text-slate-800">
        {state === 'measured' ? text.measured : null}
        {state === 'objected' ? text.objected : null}
        {state === 'browser-signal' ? text.browserSignal : null}
        {state === 'unknown' ? text.withoutScript : null}
      </p>
      {state === 'measured' || state === 'unknown' ? (
        <Button
          type="button"
          variant="primary"
          className="mt-3"
          disabled={state === 'unknown'}
          onClick={() => choose(true)}
        >
          {text.object}
        </Button>
      ) : null}
      {state === 'objected' ? (
        <Button type="button" variant="outline" className="mt-3" onClick={() => choose(false)}>
          {text.withdraw}
        </Button>
      ) : null}
    </div>
  );
}
