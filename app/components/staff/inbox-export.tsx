import {
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

/**
 * The CSV export: the list as shown (its view, search and filters, every page) or every request.
 * A plain form posted to the server, which answers with the file: it works without script, and
 * the filter (a search term is personal data) travels in the body, never in a URL.
 */
export function InboxExport({
  filter,
  view,
  total,
}: {
  /** The filter of the list shown (the one applied, not what is being typed). */
  filter: InboxFilter;
  view: InboxView;
  total: number;
}) {
  const { page: _page, vue: _vue, ...narrowing } = filter;
  const fields = Object.entries({ ...narrowing, vue: view }).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
  );
  const filtered = Object.keys(narrowing).length > 0;
  const choices: Array<[ExportScope, string]> = [
    ['vue', text.view(callbackText.views.names[view], filtered, total)],
    ['tout', text.all],
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
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{text.legend}</legend>
          {choices.map(([scope, label]) => (
            <label key={scope} className="mt-2 flex min-h-11 items-center gap-3 text-slate-900">
              <input
                type="radio"
                name={EXPORT_SCOPE_FIELD}
                value={scope}
                defaultChecked={scope === 'vue'}
                className="h-5 w-5 accent-brand-700"
              />
              {label}
            </label>
          ))}
        </fieldset>
        <StaffButton type="submit" tone="outline" className="mt-3">
          {text.submit}
        </StaffButton>
      </form>
    </section>
  );
}
