import { slotsSummary, STORED_CHANNEL_LABELS } from '#contracts/contact/choice-records.ts';
import { LEAD_FIELD_LABELS, SOURCE_PAGE_LABEL } from '#contracts/contact/field-labels.ts';
import { LEAD_FIELDS } from '#contracts/contact/lead-contract.ts';
import type { CallRecord, ExportScope, InboxFilter, InboxView } from '#contracts/staff/contract.ts';
import { CALL_OUTCOME_LABELS, STATUS_LABELS } from '#contracts/staff/labels.ts';
import type { LeadStatus, MailKind, OutboxStatus } from '#server/db/schema.ts';
import type { LeadWithDelivery } from './store.ts';

/**
 * The CSV of requests, shared by the staff CLI (`export --csv`) and the inbox's export, written
 * for a spreadsheet: UTF-8 with a BOM and `;` between cells, CRLF between rows, which French
 * spreadsheet software (Excel with a French locale, LibreOffice) opens in columns without an
 * import dialog; French headers and words instead of codes; times as the company's wall clock
 * (`26/11/2026 14:19`, read as a date by a French spreadsheet); the calls with their outcome,
 * time and caller.
 */
export const CSV_SEPARATOR = ';';

/**
 * One request as exported: the stored request, where it stands, its due time (the call-back
 * clock's) and its calls, oldest first (server/callback/service.ts `exportRows` gives them).
 */
export type ExportRow = LeadWithDelivery & {
  status: LeadStatus;
  dueAt: number;
  calls: readonly CallRecord[];
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

function wallParts(ms: number, timeZone: string): Record<string, string> {
  return Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(ms)
      .map((part) => [part.type, part.value]),
  );
}

/** `26/11/2026 14:19` on the wall clock of `timeZone`. */
export function wallClock(ms: number, timeZone: string): string {
  const parts = wallParts(ms, timeZone);
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/**
 * The file's name says what it holds, on the company's date: `demandes-a-rappeler-2026-11-26.csv`
 * (a view), `demandes-a-rappeler-filtrees-…` (a view narrowed by a search or a filter),
 * `demandes-toutes-…` (every request).
 */
export function exportFileName(
  scope: ExportScope,
  filter: InboxFilter,
  now: number,
  timeZone: string,
): string {
  const view: InboxView = scope === 'tout' ? 'toutes' : (filter.vue ?? 'toutes');
  const narrowed =
    scope === 'vue' &&
    Object.entries(filter).some(([key, value]) => key !== 'vue' && key !== 'page' && value);
  const day = wallParts(now, timeZone);
  return `demandes-${view}${narrowed ? '-filtrees' : ''}-${day.year}-${day.month}-${day.day}.csv`;
}

type Column = readonly [string, (row: ExportRow) => string];

function columns(timeZone: string): Column[] {
  const at = (ms: number | null | undefined) => (ms == null ? '' : wallClock(ms, timeZone));
  const last = (row: ExportRow) => row.calls[row.calls.length - 1];
  return [
    ['Reçue le', (row) => at(row.createdAt)],
    ['Statut', (row) => STATUS_LABELS[row.status]],
    ['À rappeler avant', (row) => at(row.dueAt)],
    ...LEAD_FIELDS.map((field): Column => [
      LEAD_FIELD_LABELS[field],
      (row) => (field === 'clientType' ? (CLIENT_TYPES[row[field]] ?? row[field]) : row[field]),
    ]),
    // The visitor's choice (issue 37), named as in the form's payload: the channel in words,
    // then the days and slots (« mardi, jeudi ; de 14 h à 17 h », « dès que possible »).
    ['recontact', (row) => STORED_CHANNEL_LABELS[row.contact.choice.channel]],
    ['creneaux', (row) => slotsSummary(row.contact.choice)],
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
 * One CSV cell: quoted, and neutralised when a spreadsheet would read it as a formula (a cell
 * starting with = + - @, a tab or a carriage return gets a leading apostrophe).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The export of these requests, times on the wall clock of `timeZone`. */
export function requestsCsv(rows: readonly ExportRow[], timeZone: string): string {
  const all = columns(timeZone);
  const lines = [
    all.map(([name]) => csvCell(name)).join(CSV_SEPARATOR),
    ...rows.map((row) => all.map(([, read]) => csvCell(read(row))).join(CSV_SEPARATOR)),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
