import { formatShare, STATUS_LABELS, staffText } from '#app/content/staff.ts';
import { LEAD_STATUS_VALUES, type Counters } from '#contracts/staff/contract.ts';
import { FirstCallCounters } from './callback/first-call-counters.tsx';

const text = staffText.inbox;

/** The inbox's counters: requests per status and product over each window, then first calls. */
export function InboxCounters({ counters }: { counters: Counters }) {
  return (
    <section aria-labelledby="counters-title" className="mt-8">
      <h2 id="counters-title" className="text-xl font-semibold text-brand-950">
        {text.countersTitle}
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {counters.windows.map((window) => (
          <div key={window.days} className="rounded-card border border-slate-200 bg-white p-4">
            <h3 className="font-semibold text-slate-900">{text.countersWindow(window.days)}</h3>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-slate-700">{text.total}</dt>
                <dd className="text-lg font-semibold tabular-nums">{window.total}</dd>
              </div>
              {LEAD_STATUS_VALUES.map((status) => (
                <div key={status}>
                  <dt className="text-slate-700">{STATUS_LABELS[status]}</dt>
                  <dd className="text-lg font-semibold tabular-nums">{window.byStatus[status]}</dd>
                </div>
              ))}
              <div>
                <dt className="text-slate-700">{text.converted}</dt>
                <dd className="text-lg font-semibold tabular-nums">
                  {formatShare(window.convertedShare)}
                </dd>
              </div>
            </dl>
            {window.byProduct.length > 0 ? (
              <>
                <h4 className="mt-3 text-sm font-semibold text-slate-800">{text.byProduct}</h4>
                <ul className="mt-1 text-sm text-slate-800">
                  {window.byProduct.map((entry) => (
                    <li key={entry.produit}>
                      {entry.produit || text.noProduct} :{' '}
                      <span className="tabular-nums">{entry.count}</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ))}
      </div>
      <FirstCallCounters counters={counters} />
    </section>
  );
}
