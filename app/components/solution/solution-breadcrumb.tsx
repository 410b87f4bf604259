import { useNavigate } from 'react-router';

import type { Audience } from '#app/content/solutions/catalog.ts';
import { solutionTemplateText as text } from '#app/content/solutions/template.ts';
import { ArrowLeft, ChevronRight } from '#app/components/ui/icons.tsx';

/** React Router numbers its history entries; an index above 0 means the app has a page to go back to. */
export function hasInAppHistory(state: unknown): boolean {
  if (typeof state !== 'object' || state === null || !('idx' in state)) return false;
  return typeof state.idx === 'number' && state.idx > 0;
}

/** 'Retour / Particuliers|Professionnels / {title}': back in history, or home when opened directly. */
export function SolutionBreadcrumb({ audience, title }: { audience: Audience; title: string }) {
  const navigate = useNavigate();
  const goBack = () => {
    if (hasInAppHistory(window.history.state)) void navigate(-1);
    else void navigate('/');
  };
  const separator = (
    <ChevronRight className="size-4 shrink-0 text-brand-400" aria-hidden="true" focusable="false" />
  );
  return (
    <nav aria-label={text.breadcrumbLabel}>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
        <li className="flex items-center gap-2">
          <button
            type="button"
            onClick={goBack}
            className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-control px-2 font-semibold text-brand-800 hover:bg-brand-100 hover:text-brand-950"
          >
            <ArrowLeft className="size-4" aria-hidden="true" focusable="false" />
            {text.back}
          </button>
          {separator}
        </li>
        <li className="flex items-center gap-2">
          <span>{text.audience[audience]}</span>
          {separator}
        </li>
        <li>
          <span aria-current="page" className="font-medium text-brand-950">
            {title}
          </span>
        </li>
      </ol>
    </nav>
  );
}
