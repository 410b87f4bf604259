import { useRevalidator } from 'react-router';

import { accountText as text, fullName } from '#app/content/team.ts';
import { TEAM_API, type MyAccount } from '#contracts/staff/team.ts';
import { StaffButton, StaffSection } from '#app/components/staff/controls.tsx';
import { sendJson } from '#app/components/staff/staff-api.ts';
import { useAction } from '#app/components/staff/webhooks/parts.tsx';
import { AbsenceForm, type Run } from './absence-form.tsx';

/** « Mon compte » (everyone): my absence, and my morning digest on or off. */
export function AccountScreen({ account }: { account: MyAccount }) {
  const revalidator = useRevalidator();
  const { busy, run: runAction, messages } = useAction();
  const run: Run = (work) =>
    void runAction(async () => {
      const said = await work();
      await revalidator.revalidate();
      return said;
    });
  const { person, digest } = account;
  const switchDigest = () =>
    run(async () => {
      await sendJson('PUT', TEAM_API.digest, { actif: !digest });
      return digest ? text.turnedOff : text.turnedOn;
    });
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-brand-950">{text.title}</h1>
        <p className="mt-3 text-lg text-slate-800">
          {fullName(person)} · <span className="break-all">{person.email}</span>
        </p>
        <p className="mt-1 text-slate-800">{text.intro}</p>
      </div>
      {messages}
      <StaffSection id="compte-absence" title={text.absenceTitle}>
        <AbsenceForm
          key={`${person.absence?.du}:${person.absence?.au}`}
          person={person}
          who={fullName(person)}
          today={account.today}
          hint={text.absenceHint}
          busy={busy}
          run={run}
        />
      </StaffSection>
      <StaffSection id="compte-resume" title={text.digestTitle}>
        <p className="text-slate-800">{digest ? text.digestOn : text.digestOff}</p>
        <StaffButton className="mt-4" tone="outline" disabled={busy} onClick={switchDigest}>
          {digest ? text.turnOff : text.turnOn}
        </StaffButton>
      </StaffSection>
    </div>
  );
}
