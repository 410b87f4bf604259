import { useState } from 'react';

import { attemptOutcome, attemptSucceeded } from '#app/content/webhooks.ts';
import type { WebhookAttemptView } from '#contracts/staff/webhooks-contract.ts';
import { cn } from '#app/components/ui/class-names.ts';
import { StaffMessage } from '#app/components/staff/controls.tsx';

/** What the webhook pages share: an attempt's outcome, an action's state. */

/** `HTTP 200` in green, anything else (a status, an error) in red. */
export function Outcome({
  attempt,
}: {
  attempt: Pick<WebhookAttemptView, 'httpStatus' | 'error'>;
}) {
  return (
    <span
      className={cn(
        'font-medium',
        attemptSucceeded(attempt) ? 'text-success-700' : 'text-danger-700',
      )}
    >
      {attemptOutcome(attempt)}
    </span>
  );
}

/**
 * One staff action at a time: `run` clears the messages, runs the work and shows what it says, if
 * anything (`role=status`), or the server's refusal (`role=alert`).
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [info, setInfo] = useState<string>();
  const [error, setError] = useState<string>();
  const run = async (work: () => Promise<string | undefined>) => {
    setBusy(true);
    setInfo(undefined);
    setError(undefined);
    try {
      setInfo(await work());
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const messages = (
    <div aria-live="polite" className="space-y-3 empty:hidden">
      {info ? <StaffMessage tone="info">{info}</StaffMessage> : null}
      {error ? <StaffMessage tone="error">{error}</StaffMessage> : null}
    </div>
  );
  return { busy, run, messages };
}
