import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';

import { fullName, teamPageText, teamText } from '#app/content/team.ts';
import { TEAM_API, type TeamPerson } from '#contracts/staff/team.ts';
import { StaffButton, StaffSelect } from '#app/components/staff/controls.tsx';
import { postJson } from '#app/components/staff/staff-api.ts';
import type { Run } from './absence-form.tsx';

const text = teamPageText.deactivation;

const radio = 'size-5 accent-brand-700';

type Target = 'regle' | 'personne';

/** « Ses demandes en cours vont »: by the rule, or to a colleague (when there is one). */
function RepriseChoice({
  target,
  setTarget,
  withColleagues,
  first,
}: {
  target: Target;
  setTarget: (target: Target) => void;
  withColleagues: boolean;
  first: RefObject<HTMLInputElement | null>;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{text.question}</legend>
      <label className="flex min-h-11 items-center gap-3">
        <input
          ref={first}
          type="radio"
          name="reprise"
          className={radio}
          checked={target === 'regle'}
          onChange={() => setTarget('regle')}
        />
        {text.byRule}
      </label>
      {withColleagues ? (
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="radio"
            name="reprise"
            className={radio}
            checked={target === 'personne'}
            onChange={() => setTarget('personne')}
          />
          {text.toColleague}
        </label>
      ) : null}
    </fieldset>
  );
}

/**
 * « Désactiver … »: where the person's open requests go, « Selon la règle d'attribution » or to a
 * chosen colleague (`reprise`), then the deactivation (its sessions end at once). Non-modal,
 * shown in the person's entry; focus moves into it when it opens.
 */
export function DeactivateDialog({
  person,
  colleagues,
  busy,
  run,
  onClose,
}: {
  person: TeamPerson;
  colleagues: readonly TeamPerson[];
  busy: boolean;
  run: Run;
  onClose: () => void;
}) {
  const titleId = useId();
  const first = useRef<HTMLInputElement>(null);
  const [target, setTarget] = useState<Target>('regle');
  useEffect(() => first.current?.focus(), []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = String(new FormData(event.currentTarget).get('personne') ?? '');
    const reprise = target === 'personne' && chosen !== '' ? chosen : 'regle';
    run(async () =>
      teamText.deactivated(await postJson<TeamPerson>(TEAM_API.deactivate(person.id), { reprise })),
    );
  };
  return (
    <dialog
      open
      aria-labelledby={titleId}
      className="static mt-3 w-full rounded-card border border-danger-600 bg-white p-4 text-slate-900"
    >
      <h3 id={titleId} className="text-lg font-semibold text-slate-900">
        {text.title(fullName(person))}
      </h3>
      <form onSubmit={submit} className="mt-3 space-y-3">
        <RepriseChoice
          target={target}
          setTarget={setTarget}
          withColleagues={colleagues.length > 0}
          first={first}
        />
        {target === 'personne' ? (
          <StaffSelect label={text.colleague} name="personne" defaultValue={colleagues[0]?.id}>
            {colleagues.map((colleague) => (
              <option key={colleague.id} value={colleague.id}>
                {fullName(colleague)}
              </option>
            ))}
          </StaffSelect>
        ) : null}
        <p className="text-sm text-slate-700">{teamText.deactivateHint}</p>
        <div className="flex flex-wrap gap-2">
          <StaffButton type="submit" tone="danger" disabled={busy}>
            {text.confirm}
          </StaffButton>
          <StaffButton tone="outline" disabled={busy} onClick={onClose}>
            {text.cancel}
          </StaffButton>
        </div>
      </form>
    </dialog>
  );
}
