import { type ReactNode, useRef, useState } from 'react';

import { callingText } from '#app/content/calling.ts';
import { StaffButton } from '#app/components/staff/controls.tsx';
import { StaffApiError } from '#app/components/staff/staff-api.ts';
import { staffText } from '#app/content/staff.ts';
import type { CallConflict } from '#contracts/staff/calling.ts';
import { STAFF_API, type CallOutcome, type LeadPage } from '#contracts/staff/contract.ts';
import { callMarkEnded } from './call-marks.ts';

type Ask = (question: string) => Promise<boolean>;

async function send(leadId: string, body: object): Promise<Response> {
  try {
    return await fetch(STAFF_API.call(leadId), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new StaffApiError(0, staffText.errors.network);
  }
}

async function refusal(response: Response): Promise<{ error: string; appel?: unknown }> {
  try {
    const body = (await response.json()) as Partial<CallConflict>;
    return { error: body.error ?? staffText.errors.generic, appel: body.appel };
  } catch {
    return { error: staffText.errors.generic };
  }
}

/**
 * Logs a call (ADR 0047): while a colleague calls the person, the server answers 409 with its
 * question; `ask` puts it to the staff member, and a yes sends the log again with `confirme`.
 * Undefined: not confirmed, nothing recorded. Other refusals throw their French words.
 */
export async function postCallLog(
  leadId: string,
  body: { outcome?: CallOutcome; note?: string },
  ask: Ask,
): Promise<LeadPage | undefined> {
  let response = await send(leadId, body);
  if (response.status === 409) {
    const refused = await refusal(response);
    if (refused.appel === undefined) throw new StaffApiError(409, refused.error);
    if (!(await ask(refused.error))) return undefined;
    response = await send(leadId, { ...body, confirme: true });
  }
  if (!response.ok) throw new StaffApiError(response.status, (await refusal(response)).error);
  callMarkEnded(leadId);
  return (await response.json()) as LeadPage;
}

/** The confirmation dialog of the call log and `ask`, which opens it and answers the choice. */
export function useCallConfirmation(): { ask: Ask; dialog: ReactNode } {
  const dialog = useRef<HTMLDialogElement>(null);
  const [question, setQuestion] = useState('');
  const answer = useRef<(yes: boolean) => void>(undefined);
  const close = (yes: boolean) => {
    dialog.current?.close();
    answer.current?.(yes);
    answer.current = undefined;
  };
  const ask: Ask = (text) =>
    new Promise((resolve) => {
      answer.current = resolve;
      setQuestion(text);
      dialog.current?.showModal();
    });
  return {
    ask,
    dialog: (
      <dialog
        ref={dialog}
        aria-labelledby="call-confirm-title"
        aria-describedby="call-confirm-question"
        onCancel={() => answer.current?.(false)}
        className="m-auto max-w-md rounded-card p-6 backdrop:bg-slate-900/50"
      >
        <h2 id="call-confirm-title" className="text-xl font-semibold text-brand-950">
          {callingText.confirmTitle}
        </h2>
        <p id="call-confirm-question" className="mt-3 text-slate-800">
          {question}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <StaffButton tone="danger" onClick={() => close(true)}>
            {callingText.confirmYes}
          </StaffButton>
          <StaffButton tone="outline" onClick={() => close(false)}>
            {callingText.confirmNo}
          </StaffButton>
        </div>
      </dialog>
    ),
  };
}
