import { useRevalidator } from 'react-router';

import { teamText as text } from '#app/content/team.ts';
import type { TeamSettings } from '#contracts/staff/ownership.ts';
import type { TeamCounters, TeamHistory, TeamPerson } from '#contracts/staff/team.ts';
import { StaffMessage, StaffSection } from '#app/components/staff/controls.tsx';
import { postJson } from '#app/components/staff/staff-api.ts';
import { useAction } from '#app/components/staff/webhooks/parts.tsx';
import type { Run } from './absence-form.tsx';
import { AddPersonForm } from './add-person-form.tsx';
import { PersonItem } from './person-item.tsx';
import { SettingsForm } from './settings-form.tsx';
import { TeamCountersSection, TeamHistorySection } from './team-insights.tsx';

/** What the team page shows; a commercial gets `forbidden` alone. */
export interface TeamPageData {
  people: TeamPerson[];
  forbidden?: string;
  /** The assignment settings, the counters, the history: absent when they could not be read. */
  settings?: TeamSettings;
  counters?: TeamCounters;
  history?: TeamHistory;
}

/**
 * The team page: the people (role, state, name, absence, deactivation with its reassignment),
 * the add form, the assignment settings, each person's counters and the team's history.
 */
export function TeamScreen({ people, forbidden, settings, counters, history }: TeamPageData) {
  const revalidator = useRevalidator();
  const { busy, run: runAction, messages } = useAction();
  const run: Run = (work) =>
    void runAction(async () => {
      const said = await work();
      await revalidator.revalidate();
      return said;
    });
  const act = (path: string, body: unknown, say: (person: TeamPerson) => string) =>
    run(async () => say(await postJson<TeamPerson>(path, body)));
  const active = people.filter((person) => person.active);
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
            <ul className="divide-y divide-slate-200">
              {people.map((person) => (
                <PersonItem
                  key={`${person.id}:${person.firstName}:${person.lastName}:${person.absence?.du}:${person.absence?.au}`}
                  person={person}
                  colleagues={active.filter((other) => other.id !== person.id)}
                  busy={busy}
                  run={run}
                />
              ))}
            </ul>
          </StaffSection>
          <AddPersonForm busy={busy} act={act} />
          {settings ? (
            <SettingsForm settings={settings} people={people} busy={busy} run={run} />
          ) : null}
          {counters ? <TeamCountersSection counters={counters} /> : null}
          {history ? <TeamHistorySection history={history} /> : null}
        </>
      )}
    </div>
  );
}
