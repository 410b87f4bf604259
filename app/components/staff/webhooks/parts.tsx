import { type ReactNode, useState } from 'react';

import { attemptOutcome, attemptSucceeded } from '../../../content/webhooks';
import type { WebhookAttemptView } from '../../../../staff/webhooks-contract';
import { cn } from '../../ui/class-names';
import { StaffMessage } from '../controls';

/** What the webhook pages share: a scrollable table, an attempt's outcome, an action's state. */

export interface Column {
  label: string;
  /** Numbers line up on the right. */
  numeric?: boolean;
}

/**
 * A table that scrolls sideways on a phone: its wrapper is focusable and named, so that a
 * keyboard can scroll it (axe's scrollable-region-focusable, WCAG 2.1.1).
 */
export function ScrollTable({
  caption,
  columns,
  minWidth,
  children,
}: {
  caption: string;
  columns: readonly Column[];
  /** The table's narrowest width (a Tailwind class), past which it scrolls. */
  minWidth: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={caption}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- axe's scrollable-region-focusable (WCAG 2.1.1)
      tabIndex={0}
      className="mt-4 overflow-x-auto rounded-card border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <table className={cn('w-full text-left text-sm', minWidth)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-800">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={cn('px-3 py-2', column.numeric && 'text-right')}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

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
