import { callbackText } from '#app/content/callback.ts';
import { formatShare } from '#app/content/staff.ts';
import { formatWorkingDuration } from '#contracts/staff/callback-format.ts';
import type { Counters } from '#contracts/staff/contract.ts';

const text = callbackText.counters;

/** Next to the counters: the median time to reach the person, the share reached in time. */
export function FirstCallCounters({ counters }: { counters: Counters }) {
  return (
    <section aria-labelledby="first-call-title" className="mt-6">
      <h3 id="first-call-title" className="text-lg font-semibold text-brand-950">
        {text.title}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{text.intro(counters.promiseHours)}</p>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        {counters.firstCall.map((window) => (
          <dl
            key={window.days}
            aria-label={`${window.days} derniers jours`}
            className="grid grid-cols-2 gap-x-4 rounded-card border border-slate-200 bg-white p-4 text-sm"
          >
            <div>
              <dt className="text-slate-700">
                {text.median} ({window.days} j)
              </dt>
              <dd className="text-lg font-semibold tabular-nums">
                {window.medianMs === null
                  ? text.none
                  : formatWorkingDuration(window.medianMs).short}
              </dd>
            </div>
            <div>
              <dt className="text-slate-700">
                {text.withinPromise} ({window.days} j)
              </dt>
              <dd className="text-lg font-semibold tabular-nums">
                {window.withinPromiseShare === null
                  ? text.none
                  : formatShare(window.withinPromiseShare)}
              </dd>
            </div>
          </dl>
        ))}
      </div>
    </section>
  );
}
