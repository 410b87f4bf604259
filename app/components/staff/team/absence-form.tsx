import type { FormEvent } from 'react';

import { absenceLine, teamPageText } from '#app/content/team.ts';
import { TEAM_API, type TeamPerson } from '#contracts/staff/team.ts';
import { StaffButton, StaffInput } from '#app/components/staff/controls.tsx';
import { sendJson } from '#app/components/staff/staff-api.ts';

const text = teamPageText.absence;

/** Runs a change, then shows what it returns (the page reloads its data in between). */
export type Run = (work: () => Promise<string>) => void;

/**
 * « Absent(e) du … au … »: the person's absence, set or ended (the person or a responsable).
 * `who` names the person in the confirmation; `today` is the earliest last day.
 */
export function AbsenceForm({
  person,
  who,
  today,
  busy,
  run,
  hint = text.hint,
}: {
  person: TeamPerson;
  who: string;
  today?: string;
  /** Under the dates: what an absence does (said to the person themself on « Mon compte »). */
  hint?: string;
  busy: boolean;
  run: Run;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const absence = { du: String(data.get('du') ?? ''), au: String(data.get('au') ?? '') };
    run(async () => {
      await sendJson<TeamPerson>('PUT', TEAM_API.absence(person.id), absence);
      return text.saved(who, absence);
    });
  };
  const end = () =>
    run(async () => {
      await sendJson<TeamPerson>('DELETE', TEAM_API.absence(person.id));
      return text.ended(who);
    });
  return (
    <form onSubmit={submit} className="space-y-3">
      <p className="text-sm text-slate-800">
        {person.absence ? absenceLine(person.absence) : text.present}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <StaffInput
          label={text.from}
          name="du"
          type="date"
          required
          defaultValue={person.absence?.du ?? ''}
        />
        <StaffInput
          label={text.until}
          name="au"
          type="date"
          required
          min={today}
          defaultValue={person.absence?.au ?? ''}
        />
      </div>
      <p className="text-sm text-slate-700">{hint}</p>
      <div className="flex flex-wrap gap-2">
        <StaffButton type="submit" disabled={busy}>
          {text.save}
        </StaffButton>
        {person.absence ? (
          <StaffButton tone="outline" disabled={busy} onClick={end}>
            {text.end}
          </StaffButton>
        ) : null}
      </div>
    </form>
  );
}
