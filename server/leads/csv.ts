import { LEAD_FIELDS, type LeadField } from '../../contracts/contact/lead-contract.ts';
import type { LeadStatus } from '../db/schema.ts';
import type { LeadWithDelivery } from './store.ts';

/**
 * The CSV of requests, shared by the staff CLI (`export --csv`) and the inbox's export: UTF-8
 * with a BOM and `;` between cells, CRLF between rows, which French spreadsheet software (Excel
 * with a French locale, LibreOffice) opens in columns without an import dialog.
 */
export const CSV_SEPARATOR = ';';

/** CSV header of a lead field: its contract name, in snake case (`clientType` → `type_client`). */
const CSV_NAMES: Partial<Record<LeadField, string>> = { clientType: 'type_client' };

type Column<T> = readonly [string, (row: T) => string];

export function deliverySummary(lead: Pick<LeadWithDelivery, 'delivery'>): string {
  // A withheld e-mail says why: `confirmation:withheld(confirmation-recent)`.
  return lead.delivery
    .map(
      (mail) =>
        `${mail.kind}:${mail.status}${mail.withheldReason ? `(${mail.withheldReason})` : ''}`,
    )
    .join(' ');
}

const LEAD_COLUMNS: ReadonlyArray<Column<LeadWithDelivery>> = [
  ['id', (lead) => lead.id],
  ['date', (lead) => new Date(lead.createdAt).toISOString()],
  ...LEAD_FIELDS.map((field): Column<LeadWithDelivery> => [
    CSV_NAMES[field] ?? field,
    (lead) => lead[field],
  ]),
  ['consentement_date', (lead) => new Date(lead.consent.givenAt).toISOString()],
  ['consentement_version', (lead) => lead.consent.version],
  ['consentement_texte', (lead) => lead.consent.text],
  ['envoi', (lead) => deliverySummary(lead)],
];

export type StaffCsvRow = LeadWithDelivery & {
  status: LeadStatus;
  /** The call-back clock: due time, first call (null: none) and number of calls. */
  dueAt: number;
  firstCallAt: number | null;
  calls: number;
};

const STAFF_COLUMNS: ReadonlyArray<Column<StaffCsvRow>> = [
  ...LEAD_COLUMNS,
  ['statut', (lead) => lead.status],
  ['page_origine', (lead) => lead.sourcePage ?? ''],
  ['rappel_avant', (lead) => new Date(lead.dueAt).toISOString()],
  [
    'premier_appel',
    (lead) => (lead.firstCallAt === null ? '' : new Date(lead.firstCallAt).toISOString()),
  ],
  ['appels', (lead) => String(lead.calls)],
];

/**
 * One CSV cell: quoted, and neutralised when a spreadsheet would read it as a formula (a cell
 * starting with = + - @, a tab or a carriage return gets a leading apostrophe).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

function csvDocument<T>(columns: ReadonlyArray<Column<T>>, rows: readonly T[]): string {
  const lines = [
    columns.map(([name]) => csvCell(name)).join(CSV_SEPARATOR),
    ...rows.map((row) => columns.map(([, read]) => csvCell(read(row))).join(CSV_SEPARATOR)),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The CLI's export: every request. */
export function toCsv(leads: readonly LeadWithDelivery[]): string {
  return csvDocument(LEAD_COLUMNS, leads);
}

/** The inbox's export: the filtered requests, with their status and source page. */
export function staffCsv(rows: readonly StaffCsvRow[]): string {
  return csvDocument(STAFF_COLUMNS, rows);
}
