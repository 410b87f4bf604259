import { STORED_CHANNEL_LABELS } from '#contracts/contact/choice-records.ts';
import type { ReactNode } from 'react';

import type { VisitorView } from '#contracts/contact/visitor-api.ts';
import { visitorText } from '#app/content/visitor.ts';

const text = visitorText.summary;

const dayFormat = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-t border-slate-200 py-3 first:border-t-0 sm:grid-cols-[14rem_1fr] sm:gap-4">
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

/** The request as the visitor sees it: nothing typed but the product, chosen from a list. */
export function RequestSummary({ view }: { view: VisitorView }) {
  return (
    <dl>
      <Row term={text.received}>{view.receivedOn}</Row>
      <Row term={text.product}>{view.product ?? text.noProduct}</Row>
      <Row term={text.stage}>
        <strong className="font-semibold text-brand-900">{view.stageText}</strong>
      </Row>
      <Row term={text.channel}>{STORED_CHANNEL_LABELS[view.channel]}</Row>
      {view.channel === 'email' ? null : <Row term={text.when}>{view.choiceText}</Row>}
      {view.nextSlot ? <Row term={text.next}>{view.nextSlot}</Row> : null}
      {view.phoneWithdrawnAt ? (
        <Row term={text.withdrawn}>
          {text.withdrawnOn}{' '}
          {dayFormat
            .format(Date.parse(view.phoneWithdrawnAt))
            .replace(/(^|\s)1 (?=\p{L})/u, '$11er ')}
        </Row>
      ) : null}
    </dl>
  );
}
