import type { FormEvent } from 'react';

import { ROLE_LABELS, teamText as text } from '#app/content/team.ts';
import { TEAM_ROLES, type TeamRole } from '#contracts/staff/statuses.ts';
import { TEAM_API, type TeamPerson } from '#contracts/staff/team.ts';
import {
  StaffButton,
  StaffInput,
  StaffSection,
  StaffSelect,
} from '#app/components/staff/controls.tsx';

type Act = (path: string, body: unknown, say: (person: TeamPerson) => string) => void;

/** « Ajouter une personne »: prénom, nom, e-mail and role; the form is emptied once added. */
export function AddPersonForm({ busy, act }: { busy: boolean; act: Act }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const field = (name: string) => String(new FormData(form).get(name) ?? '');
    const person = {
      firstName: field('prenom'),
      lastName: field('nom'),
      email: field('email'),
      role: field('role') as TeamRole,
    };
    act(TEAM_API.people, person, (added) => {
      form.reset();
      return text.added(added);
    });
  };
  return (
    <StaffSection id="equipe-ajouter" title={text.addTitle}>
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <StaffInput label={text.firstName} name="prenom" required autoComplete="off" />
        <StaffInput label={text.lastName} name="nom" required autoComplete="off" />
        <StaffInput label={text.email} name="email" type="email" required autoComplete="off" />
        <StaffSelect label={text.role} name="role" defaultValue="commercial">
          {TEAM_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </StaffSelect>
        <div className="sm:col-span-2">
          <StaffButton type="submit" disabled={busy}>
            {busy ? text.adding : text.add}
          </StaffButton>
        </div>
      </form>
    </StaffSection>
  );
}
