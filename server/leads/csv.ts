import { slotsSummary, STORED_CHANNEL_LABELS } from '#contracts/contact/choice-records.ts';
import { LEAD_FIELD_LABELS, SOURCE_PAGE_LABEL } from '#contracts/contact/field-labels.ts';
import { LEAD_FIELDS } from '#contracts/contact/lead-contract.ts';
import type {
  CallRecord,
  ExportColumnSet,
  ExportScope,
  InboxFilter,
  InboxView,
} from '#contracts/staff/contract.ts';
import { CALL_OUTCOME_LABELS, STATUS_LABELS } from '#contracts/staff/labels.ts';
import type { LeadStatus, MailKind, OutboxStatus } from '#server/db/schema.ts';
import {
  csvCell,
  CSV_SEPARATOR,
  deadlineClock,
  phoneCellText,
  wallClock,
  wallDay,
} from '#server/http/csv-cells.ts';
import type { LeadWithDelivery } from './store.ts';

/**
 * The CSV of requests, shared by the staff CLI (`export --csv`) and the inbox's export, written
 * for a spreadsheet: UTF-8 with a BOM and `;` between cells, CRLF between rows, which French
 * spreadsheet software (Excel with a French locale, LibreOffice) reads in columns; French
 * headers and words instead of codes; times as the company's wall clock (`26/11/2026 14:19`,
 * read as a date and time by a French spreadsheet), a deadline at the end of a day on that day
 * (`30/11/2026 23:59`); phone numbers as text that keeps its leading 0; no cell a spreadsheet
 * would run as a formula (server/http/csv-cells.ts, ADR 0037). Checked by opening it in
 * LibreOffice Calc (csv.calc.test.ts).
 */

/**
 * One request as exported: the stored request, where it stands, its due time (the call-back
 * clock's) and its calls, oldest first (server/inbox/service.ts `exportRows` gives them).
 */
export type ExportRow = LeadWithDelivery & {
  status: LeadStatus;
  dueAt: number;
  calls: readonly CallRecord[];
  /** Who handles it (ADR 0046); null: nobody yet. */
  owner?: { name: string } | null;
};

export function deliverySummary(lead: Pick<LeadWithDelivery, 'delivery'>): string {
  // A withheld e-mail says why: `confirmation:withheld(confirmation-recent)`.
  return lead.delivery
    .map(
      (mail) =>
        `${mail.kind}:${mail.status}${mail.withheldReason ? `(${mail.withheldReason})` : ''}`,
    )
    .join(' ');
}

const CLIENT_TYPES: Record<string, string> = {
  particulier: 'Particulier',
  professionnel: 'Professionnel',
};

/** An e-mail's delivery state in a word or two (the inbox says the same at more length). */
function mailState(mail: LeadWithDelivery['delivery'][number] | undefined): string {
  if (!mail) return '';
  const status: OutboxStatus = mail.status;
  switch (status) {
    case 'sent':
      return 'Envoyé';
    case 'pending':
      return mail.attempts > 0 ? 'En échec, nouvel essai prévu' : 'En attente d’envoi';
    case 'failed':
      return 'Échec définitif';
    case 'withheld':
      return mail.withheldReason === 'confirmation-recent'
        ? 'Non envoyé (déjà confirmé dans les 24 h)'
        : 'Retenu pendant un afflux';
    default: {
      const unknown: never = status;
      return unknown;
    }
  }
}

function mailOf(lead: ExportRow, kind: MailKind): string {
  return mailState(lead.delivery.find((mail) => mail.kind === kind));
}

/**
 * The file's name says what it holds, on the company's date: `demandes-a-rappeler-2026-11-26.csv`
 * (a view), `demandes-a-rappeler-filtrees-…` (a view narrowed by a search or a filter),
 * `demandes-toutes-…` (every request); `…-toutes-colonnes-2026-11-26.csv` with every column.
 */
export function exportFileName(
  scope: ExportScope,
  filter: InboxFilter,
  now: number,
  timeZone: string,
  columnSet: ExportColumnSet = 'liste',
): string {
  const view: InboxView = scope === 'tout' ? 'toutes' : (filter.vue ?? 'toutes');
  const narrowed =
    scope === 'vue' &&
    Object.entries(filter).some(([key, value]) => key !== 'vue' && key !== 'page' && value);
  const all = columnSet === 'toutes' ? '-toutes-colonnes' : '';
  const day = wallDay(now, timeZone);
  return `demandes-${view}${narrowed ? '-filtrees' : ''}${all}-${day.year}-${day.month}-${day.day}.csv`;
}

type Column = readonly [string, (row: ExportRow) => string];

/** Every column, in the order of « Toutes les colonnes » (the CLI's export). */
function columns(timeZone: string): Column[] {
  const at = (ms: number | null | undefined) => (ms == null ? '' : wallClock(ms, timeZone));
  const last = (row: ExportRow) => row.calls[row.calls.length - 1];
  return [
    ['Reçue le', (row) => at(row.createdAt)],
    ['Statut', (row) => STATUS_LABELS[row.status]],
    // A deadline at the end of a day is written on that day, at 23:59 (see `deadlineClock`).
    ['À rappeler avant', (row) => deadlineClock(row.dueAt, timeZone)],
    ['Attribuée à', (row) => row.owner?.name ?? 'À attribuer'],
    ...LEAD_FIELDS.map((field): Column => [
      LEAD_FIELD_LABELS[field],
      (row) =>
        field === 'clientType'
          ? (CLIENT_TYPES[row[field]] ?? row[field])
          : field === 'telephone'
            ? phoneCellText(row[field])
            : row[field],
    ]),
    // The visitor's choice (ADR 0029): the channel in words, then the days and slots
    // (« mardi, jeudi ; de 14 h à 17 h », « dès que possible »).
    ['Recontact souhaité', (row) => STORED_CHANNEL_LABELS[row.contact.choice.channel]],
    ['Créneaux souhaités', (row) => slotsSummary(row.contact.choice)],
    ['Ne plus appeler depuis', (row) => at(row.contact.phoneWithdrawnAt)],
    // A written answer (« Répondu par e-mail ») is in the log, but is no phone call.
    [
      'Nombre d’appels',
      (row) => String(row.calls.filter((call) => call.outcome !== 'repondu_email').length),
    ],
    ['Premier appel', (row) => at(row.calls[0]?.at)],
    ['Dernier appel', (row) => at(last(row)?.at)],
    [
      'Résultat du dernier appel',
      (row) => {
        const call = last(row);
        return call ? CALL_OUTCOME_LABELS[call.outcome] : '';
      },
    ],
    ['Dernier appel par', (row) => last(row)?.staff ?? ''],
    [
      'Tous les appels',
      (row) =>
        row.calls
          .map((call) => `${at(call.at)} ${CALL_OUTCOME_LABELS[call.outcome]} (${call.staff})`)
          .join(' | '),
    ],
    [SOURCE_PAGE_LABEL, (row) => row.sourcePage ?? ''],
    ['E-mail à l’équipe', (row) => mailOf(row, 'notification')],
    ['Confirmation au client', (row) => mailOf(row, 'confirmation')],
    ['Consentement donné le', (row) => at(row.consent.givenAt)],
    ['Version du consentement', (row) => row.consent.version],
    ['Texte du consentement', (row) => row.consent.text],
    ['Choix de recontact donné le', (row) => (row.contact.version ? at(row.contact.givenAt) : '')],
    ['Version du choix de recontact', (row) => row.contact.version],
    ['Texte du choix de recontact', (row) => row.contact.text],
    ['Référence', (row) => row.id],
  ];
}

/**
 * The columns a salesperson reads, in this order (« Les colonnes de la liste », the inbox's
 * default): who, how to reach them, what, where it stands, by when, the last call and its
 * outcome.
 */
export const LIST_COLUMNS = [
  LEAD_FIELD_LABELS.nom,
  LEAD_FIELD_LABELS.prenom,
  LEAD_FIELD_LABELS.telephone,
  LEAD_FIELD_LABELS.email,
  LEAD_FIELD_LABELS.produit,
  'Statut',
  'À rappeler avant',
  'Attribuée à',
  'Dernier appel',
  'Résultat du dernier appel',
] as const;

function columnsOf(columnSet: ExportColumnSet, timeZone: string): Column[] {
  const all = columns(timeZone);
  if (columnSet === 'toutes') return all;
  const byName = new Map(all.map((column) => [column[0], column]));
  return LIST_COLUMNS.flatMap((name): Column[] => {
    const column = byName.get(name);
    return column ? [column] : [];
  });
}

/**
 * The export of these requests, times on the wall clock of `timeZone`: the list's columns or
 * every column.
 */
export function requestsCsv(
  rows: readonly ExportRow[],
  options: { timeZone: string; columns: ExportColumnSet },
): string {
  const chosen = columnsOf(options.columns, options.timeZone);
  const lines = [
    chosen.map(([name]) => csvCell(name)).join(CSV_SEPARATOR),
    ...rows.map((row) => chosen.map(([, read]) => csvCell(read(row))).join(CSV_SEPARATOR)),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
