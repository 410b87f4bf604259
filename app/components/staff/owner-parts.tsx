import { useState, type FormEvent } from 'react';
import { useRouteLoaderData } from 'react-router';

import { ownerText } from '#app/content/owners.ts';
import type { InboxRow, InboxView, LeadOwner, StaffIdentity } from '#contracts/staff/contract.ts';
import { OWNERSHIP_API, type OwnerAnswer } from '#contracts/staff/ownership.ts';
import { StaffButton, StaffMessage, StaffSelect } from './controls.tsx';
import { postJson } from './staff-api.ts';
import { STAFF_SESSION_ROUTE, type StaffSession } from './staff-session.ts';

/** The signed-in person (the session route's answer), once it is loaded. */
export function useMe(): StaffIdentity | undefined {
  return useRouteLoaderData<StaffSession>(STAFF_SESSION_ROUTE)?.me;
}

/** The view the inbox opens on (ADR 0046): « Mes demandes » for a commercial. */
export function defaultViewFor(me: Pick<StaffIdentity, 'role'> | undefined): InboxView {
  return me?.role === 'commercial' ? 'mes-demandes' : 'a-rappeler';
}

type Owned = Pick<InboxRow, 'id' | 'prenom' | 'nom' | 'owner' | 'ownerAbsent'>;

/** « Marie Dupont », « Absent(e) : Marie Dupont » or « À attribuer ». */
function OwnerName({ lead }: { lead: Pick<Owned, 'owner' | 'ownerAbsent'> }) {
  if (!lead.owner) {
    return (
      <span className="inline-block rounded border border-slate-400 px-1.5 py-0.5 text-xs font-semibold text-slate-900">
        {ownerText.nobody}
      </span>
    );
  }
  return lead.ownerAbsent ? (
    <span className="font-semibold text-accent-900">{ownerText.absent(lead.owner.name)}</span>
  ) : (
    <span>{lead.owner.name}</span>
  );
}

/** What `me` may do with the request: take it, hand it over (as the owner routes allow). */
function allowed(lead: Owned, me: StaffIdentity | undefined) {
  if (!me) return { take: false, handOver: false };
  const mine = lead.owner?.id === me.id;
  const boss = me.role === 'responsable';
  return {
    take: !mine && (boss || lead.owner === null || lead.ownerAbsent),
    handOver: boss || mine,
  };
}

/** « Confier à … »: a person of the team (not the owner), then « Confier ». */
function HandOverForm({
  lead,
  people,
  busy,
  onSubmit,
}: {
  lead: Owned;
  people: readonly LeadOwner[];
  busy: boolean;
  onSubmit: (personId: string) => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const person = new FormData(event.currentTarget).get('personne');
    if (typeof person === 'string' && person !== '') onSubmit(person);
  };
  // The people are listed once the person opens it: a list row carries no choice list.
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-1" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-800 underline">
        {ownerText.handOver.summary}
      </summary>
      {open ? (
        <form onSubmit={submit} className="mt-2 flex flex-wrap items-end gap-2">
          <StaffSelect label={ownerText.handOver.label} name="personne" defaultValue="" required>
            <option value="">{ownerText.handOver.choose}</option>
            {people
              .filter((person) => person.id !== lead.owner?.id)
              .map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
          </StaffSelect>
          <StaffButton type="submit" tone="outline" disabled={busy}>
            {ownerText.handOver.submit}
          </StaffButton>
        </form>
      ) : null}
    </details>
  );
}

/**
 * The owner and, as the signed-in person may, « Je la prends » and « Confier à … » (the
 * ownership routes, ADR 0045); `onChanged` reloads what shows the request.
 */
export function OwnerActions({
  lead,
  people,
  onChanged,
  compact = false,
}: {
  lead: Owned;
  people: readonly LeadOwner[];
  onChanged: () => Promise<void> | void;
  /**
   * A phone's list row: the owner only (the buttons are on the request's page), so that the
   * first request stays in the first screen.
   */
  compact?: boolean;
}) {
  const me = useMe();
  const may = compact ? { take: false, handOver: false } : allowed(lead, me);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'info' | 'error'; text: string }>();
  const act = async (path: string, body: object, done: (answer: OwnerAnswer) => string) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const answer = await postJson<OwnerAnswer>(path, body);
      setOutcome({ tone: 'info', text: done(answer) });
      await onChanged();
    } catch (failure) {
      setOutcome({ tone: 'error', text: (failure as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <OwnerName lead={lead} />
      {may.take ? (
        <div className="mt-1">
          <StaffButton
            tone="outline"
            disabled={busy}
            aria-label={ownerText.takeLabel(`${lead.prenom} ${lead.nom}`)}
            onClick={() => void act(OWNERSHIP_API.take(lead.id), {}, () => ownerText.taken)}
          >
            {ownerText.take}
          </StaffButton>
        </div>
      ) : null}
      {may.handOver ? (
        <HandOverForm
          lead={lead}
          people={people}
          busy={busy}
          onSubmit={(personne) =>
            void act(OWNERSHIP_API.handOver(lead.id), { personne }, (answer) =>
              ownerText.handedOver(answer.owner?.name ?? ''),
            )
          }
        />
      ) : null}
      {outcome ? (
        <div className="mt-1">
          <StaffMessage tone={outcome.tone}>{outcome.text}</StaffMessage>
        </div>
      ) : null}
    </div>
  );
}
