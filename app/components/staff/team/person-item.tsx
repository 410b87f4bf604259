import { useState } from 'react';

import {
  absenceLine,
  fullName,
  ROLE_LABELS,
  teamPageText,
  teamText as text,
} from '#app/content/team.ts';
import { TEAM_API, type TeamPerson } from '#contracts/staff/team.ts';
import { StaffButton } from '#app/components/staff/controls.tsx';
import { postJson } from '#app/components/staff/staff-api.ts';
import { AbsenceForm, type Run } from './absence-form.tsx';
import { DeactivateDialog } from './deactivate-dialog.tsx';
import { NameForm } from './name-form.tsx';

interface ItemProps {
  person: TeamPerson;
  /** The other active people: who may take over the person's requests. */
  colleagues: readonly TeamPerson[];
  busy: boolean;
  run: Run;
}

const post = (path: string, body: unknown, say: (person: TeamPerson) => string) => async () =>
  say(await postJson<TeamPerson>(path, body));

function PersonActions({ person, busy, run, onDeactivate }: ItemProps & { onDeactivate(): void }) {
  const other = person.role === 'responsable' ? 'commercial' : 'responsable';
  if (!person.active) {
    return (
      <StaffButton
        tone="outline"
        disabled={busy}
        onClick={() => run(post(TEAM_API.reactivate(person.id), {}, text.reactivated))}
      >
        {text.reactivate}
      </StaffButton>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <StaffButton
        tone="outline"
        disabled={busy}
        onClick={() => run(post(TEAM_API.role(person.id), { role: other }, text.roleChanged))}
      >
        {text.makeRole(other)}
      </StaffButton>
      <StaffButton tone="danger" disabled={busy} onClick={onDeactivate}>
        {text.deactivate}
      </StaffButton>
    </div>
  );
}

/** A folding part of a person's entry (« Modifier le nom », « Absence »). */
function Fold({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <details className="rounded-control border border-slate-200 px-3 py-2">
      <summary className="flex min-h-11 cursor-pointer items-center font-medium text-brand-800">
        {title}
      </summary>
      <div className="pt-2 pb-1">{children}</div>
    </details>
  );
}

/**
 * One person of the team: name, address, role and state, the actions that apply; for an active
 * person, their name and absence to change, and the deactivation's dialog.
 */
export function PersonItem(props: ItemProps) {
  const { person, colleagues, busy, run } = props;
  const [deactivating, setDeactivating] = useState(false);
  const who = fullName(person);
  return (
    <li className="space-y-3 py-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{who}</p>
          <p className="text-sm break-all text-slate-700">{person.email}</p>
          <p className="mt-1 text-sm text-slate-800">
            {ROLE_LABELS[person.role]} · {person.active ? text.active : text.inactive}
          </p>
          {person.absence ? (
            <p className="mt-1 text-sm font-medium text-slate-900">{absenceLine(person.absence)}</p>
          ) : null}
        </div>
        <PersonActions {...props} onDeactivate={() => setDeactivating(true)} />
      </div>
      {deactivating && person.active ? (
        <DeactivateDialog
          person={person}
          colleagues={colleagues}
          busy={busy}
          run={run}
          onClose={() => setDeactivating(false)}
        />
      ) : null}
      {person.active ? (
        <div className="grid items-start gap-2 lg:grid-cols-2">
          <Fold title={teamPageText.name.edit}>
            <NameForm person={person} busy={busy} run={run} />
          </Fold>
          <Fold title={teamPageText.absence.title}>
            <AbsenceForm person={person} who={who} busy={busy} run={run} />
          </Fold>
        </div>
      ) : null}
    </li>
  );
}
