import type { FormEvent } from 'react';

import { teamPageText, teamText } from '#app/content/team.ts';
import { TEAM_API, type TeamPerson } from '#contracts/staff/team.ts';
import { StaffButton, StaffInput } from '#app/components/staff/controls.tsx';
import { sendJson } from '#app/components/staff/staff-api.ts';
import type { Run } from './absence-form.tsx';

const text = teamPageText.name;

/** A person's prénom and nom (the STAFF_EMAILS addresses start without). Responsables. */
export function NameForm({ person, busy, run }: { person: TeamPerson; busy: boolean; run: Run }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = {
      firstName: String(data.get('prenom') ?? ''),
      lastName: String(data.get('nom') ?? ''),
    };
    run(async () => text.saved(await sendJson<TeamPerson>('PUT', TEAM_API.name(person.id), name)));
  };
  return (
    <form onSubmit={submit} className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <StaffInput
          label={teamText.firstName}
          name="prenom"
          required
          autoComplete="off"
          defaultValue={person.firstName}
        />
        <StaffInput
          label={teamText.lastName}
          name="nom"
          required
          autoComplete="off"
          defaultValue={person.lastName}
        />
      </div>
      <StaffButton type="submit" disabled={busy}>
        {text.save}
      </StaffButton>
    </form>
  );
}
