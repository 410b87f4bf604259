import { shellText } from '#app/content/shell.ts';

/**
 * The accessible name of a control disabled until its feature exists: its visible label, then
 * « bientôt disponible », which holds the badge's « Bientôt » (a name must contain what the
 * control shows, WCAG 2.5.3: « Espace Client, bientôt disponible »).
 */
export function soonName(label: string): string {
  return `${label}${shellText.nav.unavailableSuffix}`;
}

/**
 * « Bientôt », beside a control that is disabled until the feature exists. Hidden from assistive
 * technology: the control's name (`soonName`) already says it. A space comes first: the control
 * is a flex box, which draws no space between its label and the badge, but its text must read
 * « Espace Client Bientôt », not « Espace ClientBientôt », to be found in its name.
 */
export function SoonBadge() {
  return (
    <>
      {' '}
      <span
        aria-hidden="true"
        className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700"
      >
        {shellText.nav.soon}
      </span>
    </>
  );
}
