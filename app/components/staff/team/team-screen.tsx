import { useRevalidator } from 'react-router';

import { fullName, ROLE_LABELS, teamText as text } from '#app/content/team.ts';
import { TEAM_API, type TeamPerson } from '#contracts/staff/team.ts';
import { StaffButton, StaffMessage, StaffSection } from '#app/components/staff/controls.tsx';
import { postJson } from '#app/components/staff/staff-api.ts';
import { useAction } from '#app/components/staff/webhooks/parts.tsx';
import { AddPersonForm } from './add-person-form.tsx';

type Act = (path: string, body: unknown, say: (person: TeamPerson) => string) => void;

function PersonActions({ person, busy, act }: { person: TeamPerson; busy: boolean; act: Act }) {
  const other = person.role === 'responsable' ? 'commercial' : 'responsable';
  return (
    <div className="flex flex-wrap gap-2">
      {person.active ? (
        <>
          <StaffButton
            tone="outline"
            disabled={busy}
            onClick={() => act(TEAM_API.role(person.id), { role: other }, text.roleChanged)}
          >
            {text.makeRole(other)}
          </StaffButton>
          <StaffButton
            tone="danger"
            disabled={busy}
            onClick={() => act(TEAM_API.deactivate(person.id), {}, text.deactivated)}
          >
            {text.deactivate}
          </StaffButton>
        </>
      ) : (
        <StaffButton
          tone="outline"
          disabled={busy}
          onClick={() => act(TEAM_API.reactivate(person.id), {}, text.reactivated)}
        >
          {text.reactivate}
        </StaffButton>
      )}
    </div>
  );
}

function PersonItem({ person, busy, act }: { person: TeamPerson; busy: boolean; act: Act }) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{fullName(person)}</p>
        <p className="text-sm break-all text-slate-700">{person.email}</p>
        <p className="mt-1 text-sm text-slate-800">
          {ROLE_LABELS[person.role]} · {person.active ? text.active : text.inactive}
        </p>
      </div>
      <PersonActions person={person} busy={busy} act={act} />
    </li>
  );
}

/** The team page: the people, their role and state, the actions on each, and the add form. */
export function TeamScreen({ people, forbidden }: { people: TeamPerson[]; forbidden?: string }) {
  const revalidator = useRevalidator();
  const { busy, run, messages } = useAction();
  const act: Act = (path, body, say) =>
    void run(async () => {
      const person = await postJson<TeamPerson>(path, body);
      await revalidator.revalidate();
      return say(person);
    });
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-brand-950">{text.title}</h1>
        <p className="mt-3 max-w-prose text-lg text-slate-800">{text.intro}</p>
      </div>
      {forbidden ? (
        <StaffMessage tone="error">{forbidden}</StaffMessage>
      ) : (
        <>
          {messages}
          <StaffSection id="equipe-personnes" title={text.peopleTitle}>
            <p className="text-sm text-slate-700">{text.deactivateHint}</p>
            <ul className="divide-y divide-slate-200">
              {people.map((person) => (
                <PersonItem key={person.id} person={person} busy={busy} act={act} />
              ))}
            </ul>
          </StaffSection>
          <AddPersonForm busy={busy} act={act} />
        </>
      )}
    </div>
  );
}
