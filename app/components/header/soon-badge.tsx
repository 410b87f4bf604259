import { shellText } from '#app/content/shell.ts';

/**
 * « Bientôt », beside a control that is disabled until the feature exists. Hidden from assistive
 * technology: the control's own label already says « bientôt disponible ».
 */
export function SoonBadge() {
  return (
    <span
      aria-hidden="true"
      className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700"
    >
      {shellText.nav.soon}
    </span>
  );
}
