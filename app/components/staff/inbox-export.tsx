import { useId } from 'react';

import {
  EXPORT_COLUMN_SETS,
  EXPORT_COLUMNS_FIELD,
  EXPORT_SCOPE_FIELD,
  STAFF_API,
  type ExportScope,
  type InboxFilter,
  type InboxView,
} from '#contracts/staff/contract.ts';
import { callbackText } from '#app/content/callback.ts';
import { staffText } from '#app/content/staff.ts';
import { StaffButton } from './controls.tsx';

const text = staffText.inbox.export;

/** One choice of the form: radio buttons, the first checked, each with an optional hint. */
function Choice({
  legend,
  name,
  choices,
  className,
}: {
  legend: string;
  name: string;
  choices: ReadonlyArray<readonly [value: string, label: string, hint?: string]>;
  className?: string;
}) {
  const id = useId();
  return (
    <fieldset className={className}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {choices.map(([value, label, hint], index) => (
        <div key={value} className="mt-2">
          <label className="flex min-h-11 items-center gap-3 text-slate-900">
            <input
              type="radio"
              name={name}
              value={value}
              defaultChecked={index === 0}
              aria-describedby={hint ? `${id}-${value}` : undefined}
              className="h-5 w-5 shrink-0 accent-brand-700"
            />
            {label}
          </label>
          {hint ? (
            <p id={`${id}-${value}`} className="ml-8 text-sm text-slate-700">
              {hint}
            </p>
          ) : null}
        </div>
      ))}
    </fieldset>
  );
}

/**
 * The CSV export: the list as shown (its view, search and filters, every page) or every request;
 * the columns a salesperson reads or every column. A plain form posted to the server, which
 * answers with the file: it works without script, and the filter (a search term is personal
 * data) travels in the body, never in a URL.
 */
export function InboxExport({
  filter,
  view,
  total,
  all = true,
}: {
  /** The filter of the list shown (the one applied, not what is being typed). */
  filter: InboxFilter;
  view: InboxView;
  total: number;
  /** « Toutes les demandes » is offered (responsables only, ADR 0046). */
  all?: boolean;
}) {
  const { page: _page, vue: _vue, ...narrowing } = filter;
  const fields = Object.entries({ ...narrowing, vue: view }).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
  );
  const filtered = Object.keys(narrowing).length > 0;
  const choices: Array<[ExportScope, string]> = [
    ['vue', text.view(callbackText.views.names[view], filtered, total)],
    ...(all ? [['tout', text.all] as [ExportScope, string]] : []),
  ];
  return (
    <section
      aria-labelledby="export-title"
      className="mt-8 rounded-card border border-slate-300 p-4"
    >
      <h2 id="export-title" className="text-lg font-semibold text-brand-950">
        {text.title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{text.hint}</p>
      <form method="post" action={STAFF_API.exportCsv} className="mt-3">
        {fields.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Choice legend={text.legend} name={EXPORT_SCOPE_FIELD} choices={choices} />
        <Choice
          className="mt-4"
          legend={text.columnsLegend}
          name={EXPORT_COLUMNS_FIELD}
          choices={EXPORT_COLUMN_SETS.map(
            (set) => [set, text.columns[set].label, text.columns[set].hint] as const,
          )}
        />
        <StaffButton type="submit" tone="outline" className="mt-3">
          {text.submit}
        </StaffButton>
      </form>
    </section>
  );
}
