import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';

import { fullName, RULE_LABELS, teamPageText } from '#app/content/team.ts';
import {
  ASSIGNMENT_RULES,
  OWNERSHIP_API,
  type AssignmentRuleName,
  type TeamSettings,
} from '#contracts/staff/ownership.ts';
import type { TeamPerson } from '#contracts/staff/team.ts';
import {
  StaffButton,
  StaffInput,
  StaffSection,
  StaffSelect,
} from '#app/components/staff/controls.tsx';
import { sendJson } from '#app/components/staff/staff-api.ts';
import type { Run } from './absence-form.tsx';

const text = teamPageText.settings;

interface Row {
  key: number;
  departement: string;
  person: string;
}

let nextKey = 0;
const rowsOf = (departements: TeamSettings['departements']): Row[] =>
  Object.entries(departements).map(([departement, person]) => ({
    key: (nextKey += 1),
    departement,
    person,
  }));

/** A radio button or a checkbox named by its label, described by its hint. */
function Choice({
  label,
  hint,
  ...props
}: { label: string; hint: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 py-1">
      <input
        id={id}
        aria-describedby={`${id}-hint`}
        className="mt-3 size-5 shrink-0 accent-brand-700"
        {...props}
      />
      <div>
        <label htmlFor={id} className="flex min-h-11 items-center font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** « Par département »: which person covers which département (a table of rows). */
function DepartementRows({
  rows,
  setRows,
  people,
}: {
  rows: Row[];
  setRows: (rows: Row[]) => void;
  people: readonly TeamPerson[];
}) {
  const change = (key: number, part: Partial<Row>) =>
    setRows(rows.map((row) => (row.key === key ? { ...row, ...part } : row)));
  return (
    <fieldset className="space-y-3">
      <legend className="font-medium text-slate-900">{text.departementsTitle}</legend>
      {rows.map((row) => (
        <div key={row.key} className="grid items-end gap-3 sm:grid-cols-[8rem_1fr_auto]">
          <StaffInput
            label={text.departement}
            value={row.departement}
            inputMode="text"
            maxLength={3}
            required
            onChange={(event) => change(row.key, { departement: event.target.value.toUpperCase() })}
          />
          <StaffSelect
            label={text.person}
            value={row.person}
            onChange={(event) => change(row.key, { person: event.target.value })}
          >
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {fullName(person)}
              </option>
            ))}
          </StaffSelect>
          <StaffButton
            tone="outline"
            onClick={() => setRows(rows.filter((other) => other.key !== row.key))}
          >
            <span aria-hidden="true">×</span>
            <span className="sr-only">{text.remove(row.departement)}</span>
          </StaffButton>
        </div>
      ))}
      <StaffButton
        tone="outline"
        onClick={() =>
          setRows([...rows, { key: (nextKey += 1), departement: '', person: people[0]?.id ?? '' }])
        }
      >
        {text.addDepartement}
      </StaffButton>
    </fieldset>
  );
}

/**
 * « Règle d'attribution » (responsables): « Chacun son tour », « Par département » with its
 * table, « Personne »; and « Les commerciaux voient toutes les demandes ».
 */
export function SettingsForm({
  settings,
  people,
  busy,
  run,
}: {
  settings: TeamSettings;
  people: readonly TeamPerson[];
  busy: boolean;
  run: Run;
}) {
  const [rule, setRule] = useState<AssignmentRuleName>(settings.regle);
  const [seeAll, setSeeAll] = useState(settings.commerciauxVoientTout);
  const [rows, setRows] = useState(() => rowsOf(settings.departements));
  const active = people.filter((person) => person.active);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const departements = Object.fromEntries(
      rows.filter((row) => row.departement !== '').map((row) => [row.departement, row.person]),
    );
    const next: TeamSettings = { regle: rule, commerciauxVoientTout: seeAll, departements };
    run(async () => {
      await sendJson<TeamSettings>('PUT', OWNERSHIP_API.settings, next);
      return text.saved;
    });
  };
  return (
    <StaffSection id="equipe-reglages" title={text.title}>
      <form onSubmit={submit} className="space-y-5">
        <fieldset className="space-y-2">
          <legend className="text-slate-800">{text.intro}</legend>
          {ASSIGNMENT_RULES.map((name) => (
            <Choice
              key={name}
              type="radio"
              name="regle"
              label={RULE_LABELS[name]}
              hint={text.rules[name]}
              checked={rule === name}
              onChange={() => setRule(name)}
            />
          ))}
        </fieldset>
        {rule === 'par_departement' ? (
          <DepartementRows rows={rows} setRows={setRows} people={active} />
        ) : null}
        <Choice
          type="checkbox"
          name="commerciaux-voient-tout"
          label={text.seeAll}
          hint={text.seeAllHint}
          checked={seeAll}
          onChange={(event) => setSeeAll(event.target.checked)}
        />
        <StaffButton type="submit" disabled={busy}>
          {text.save}
        </StaffButton>
      </form>
    </StaffSection>
  );
}
