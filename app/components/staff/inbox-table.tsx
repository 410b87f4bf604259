import { Link } from 'react-router';

import { deliveryLabel, formatAge, formatDateTime, staffText } from '#app/content/staff.ts';
import type { InboxPage, InboxView } from '#contracts/staff/contract.ts';
import { DueCell } from './callback/due-cell.tsx';
import { OwnerActions } from './owner-parts.tsx';
import { StandingLabel } from './standing-label.tsx';
import { CallMarkBadge, startCallMark } from './calling/call-mark-badge.tsx';
import { callbackText, dueWorkOf } from '#app/content/callback.ts';

const text = staffText.inbox;

/** The list's columns, in the order the table shows them. */
const COLUMN_ORDER = [
  'person',
  'due',
  'owner',
  'received',
  'contact',
  'product',
  'status',
  'mails',
] as const satisfies ReadonlyArray<keyof typeof text.columns>;

export interface InboxTableProps {
  page: InboxPage;
  /** The view the rows belong to: it names the table. */
  view: InboxView;
  /** The moment the ages are counted from (when the list was loaded), in milliseconds. */
  now: number;
  /** The rows are a search's results: each says where it stands. */
  searching?: boolean;
  /** An owner changed (« Je la prends », « Confier à … »): reload the list. */
  onOwnerChanged?: () => Promise<void> | void;
}

/** The columns a phone leaves out: the request's page has them; the number is under the name. */
const WIDE_ONLY = new Set<(typeof COLUMN_ORDER)[number]>([
  'owner',
  'received',
  'contact',
  'product',
  'status',
  'mails',
]);
const wideOnly = 'hidden sm:table-cell';

/** `tel:` keeps the digits and the `+` of a number as typed (« 06 12 34 56 78 »). */
export function telHref(telephone: string): string {
  return `tel:${telephone.replace(/[^\d+]/g, '')}`;
}

type Row = InboxPage['rows'][number];

/** `tel:` link to the number, or the number alone for a person who asked for the e-mail only. */
function PhoneNumber({
  row,
  emailOnly,
  plainClassName,
  linkClassName,
}: {
  row: Row;
  emailOnly: boolean;
  plainClassName: string;
  linkClassName: string;
}) {
  return emailOnly ? (
    <span className={plainClassName}>{row.telephone}</span>
  ) : (
    <a
      href={telHref(row.telephone)}
      onClick={() => startCallMark(row.id)}
      className={linkClassName}
    >
      {row.telephone}
    </a>
  );
}

/**
 * The row's head: the name (a link to the request's page), the e-mail only mark, and on a phone
 * the number, the product and, for a search, where the request stands.
 */
function PersonCell({ row, searching }: { row: Row; searching: boolean }) {
  const name = `${row.prenom} ${row.nom}`;
  // The person asked for the e-mail only (ADR 0029): marked, and no `tel:` link.
  const emailOnly = row.contactChannel === 'email';
  return (
    <th scope="row" className="px-3 py-2 font-medium">
      <Link
        to={`/equipe/demandes/${row.id}`}
        className="text-brand-800 underline"
        aria-label={text.open(name)}
      >
        {name}
      </Link>
      <CallMarkBadge leadId={row.id} />
      {emailOnly ? (
        <span className="mt-1 block">
          <span className="inline-block rounded border border-accent-700 bg-accent-50 px-1.5 py-0.5 text-xs font-semibold text-slate-900">
            {callbackText.contact.emailOnlyBadge}
          </span>
        </span>
      ) : null}
      <span className="mt-1 block font-normal sm:hidden">
        <PhoneNumber
          row={row}
          emailOnly={emailOnly}
          plainClassName="whitespace-nowrap"
          linkClassName="inline-flex min-h-11 items-center whitespace-nowrap text-brand-800 underline"
        />
        {row.produit ? <span className="block text-slate-700">{row.produit}</span> : null}
        {searching ? (
          <span className="mt-1 block">
            <StandingLabel
              standing={row.standing}
              status={row.status}
              work={dueWorkOf(row.contactChannel)}
              searching
            />
          </span>
        ) : null}
      </span>
    </th>
  );
}

/** One request's line of the list. */
function InboxRow({
  row,
  page,
  now,
  searching,
  onOwnerChanged,
}: {
  row: Row;
  page: InboxPage;
  now: number;
  searching: boolean;
  onOwnerChanged: () => Promise<void> | void;
}) {
  const emailOnly = row.contactChannel === 'email';
  const work = dueWorkOf(row.contactChannel);
  const owner = <OwnerActions lead={row} people={page.people} onChanged={onOwnerChanged} />;
  return (
    <tr className="border-t border-slate-200 align-top">
      <PersonCell row={row} searching={searching} />
      <td className="px-3 py-2">
        <DueCell clock={row.clock} work={work} now={page.now} timeZone={page.timeZone} />
        {/* On a phone, where the owner's column is left out: under the due time. */}
        <div className="mt-1 sm:hidden">
          <OwnerActions lead={row} people={page.people} onChanged={onOwnerChanged} compact />
        </div>
      </td>
      <td className={`px-3 py-2 ${wideOnly}`}>{owner}</td>
      <td className={`px-3 py-2 ${wideOnly}`}>
        <span title={formatDateTime(row.createdAt)}>{formatAge(row.createdAt, now)}</span>
        <span className="block text-slate-700">{formatDateTime(row.createdAt)}</span>
      </td>
      <td className={`px-3 py-2 break-all ${wideOnly}`}>
        {row.email}
        <PhoneNumber
          row={row}
          emailOnly={emailOnly}
          plainClassName="block whitespace-nowrap"
          linkClassName="block whitespace-nowrap text-brand-800 underline"
        />
      </td>
      <td className={`px-3 py-2 ${wideOnly}`}>{row.produit || '—'}</td>
      <td className={`px-3 py-2 ${wideOnly}`}>
        <StandingLabel
          standing={row.standing}
          status={row.status}
          work={work}
          searching={searching}
        />
      </td>
      <td className={`px-3 py-2 ${wideOnly}`}>
        <ul>
          {row.delivery.map((mail) => (
            <li key={mail.kind}>
              {staffText.lead.mailKind[mail.kind]} : {deliveryLabel(mail)}
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}

/**
 * One page of requests: who, when due, when received, how to reach them, what, status, e-mails.
 * On a phone, two columns that fit without scrolling sideways: the name with the number (a
 * `tel:` link) and the product under it, and the due time.
 */
export function InboxTable({
  page,
  view,
  now,
  searching = false,
  onOwnerChanged = () => undefined,
}: InboxTableProps) {
  return (
    <div className="mt-4 overflow-x-auto rounded-card border border-slate-200 bg-white">
      <table className="w-full text-left text-sm sm:min-w-[52rem]">
        <caption className="sr-only">{callbackText.captions[view]}</caption>
        <thead className="bg-slate-50 text-slate-800">
          <tr>
            {COLUMN_ORDER.map((column) => (
              <th
                key={column}
                scope="col"
                className={`px-3 py-2 ${WIDE_ONLY.has(column) ? wideOnly : ''}`}
              >
                {text.columns[column]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {page.rows.map((row) => (
            <InboxRow
              key={row.id}
              row={row}
              page={page}
              now={now}
              searching={searching}
              onOwnerChanged={onOwnerChanged}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
