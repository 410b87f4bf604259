/**
 * The staff inbox's contract: its paths, the filter it sends and the JSON the staff API answers.
 * Shared by the server (server/staff/) and the staff pages (app/routes/staff/), never imported by
 * a public page. The status unions live in statuses.ts (the server's tables import them).
 */
import type {
  AuditAction,
  CallOutcome,
  LeadStatus,
  MailKind,
  OutboxStatus,
  TeamRole,
  WithheldReason,
} from './statuses.ts';
import type { ContactChoice, StoredChannel } from '#contracts/contact/contact-choice.ts';

export type { AuditAction, CallOutcome, LeadStatus, MailKind, OutboxStatus };

export const STAFF_PAGE_PREFIX = '/equipe';
export const STAFF_SIGN_IN_PAGE = '/equipe/connexion';
/** The fragment of a sign-in link: kept out of server logs and of the Referer header. */
export const SIGN_IN_FRAGMENT_KEY = 'jeton';
export const STAFF_API_PREFIX = '/api/equipe';

export const STAFF_API = {
  requestLink: `${STAFF_API_PREFIX}/connexion`,
  session: `${STAFF_API_PREFIX}/session`,
  signOut: `${STAFF_API_PREFIX}/deconnexion`,
  search: `${STAFF_API_PREFIX}/demandes/recherche`,
  exportCsv: `${STAFF_API_PREFIX}/demandes/export`,
  counters: `${STAFF_API_PREFIX}/compteurs`,
  lead: (id: string) => `${STAFF_API_PREFIX}/demandes/${encodeURIComponent(id)}`,
  status: (id: string) => `${STAFF_API_PREFIX}/demandes/${encodeURIComponent(id)}/statut`,
  erase: (id: string) => `${STAFF_API_PREFIX}/demandes/${encodeURIComponent(id)}/effacer`,
  retry: (id: string) => `${STAFF_API_PREFIX}/demandes/${encodeURIComponent(id)}/renvoyer`,
  call: (id: string) => `${STAFF_API_PREFIX}/demandes/${encodeURIComponent(id)}/appels`,
} as const;

/**
 * What the inbox's export holds (the form field `portee`): the list as shown (its view, search
 * and filters) or every request. The export is a form posted without script (a search term is
 * personal data: never in a URL); the filter travels in hidden fields named as in `InboxFilter`.
 */
export const EXPORT_SCOPES = ['vue', 'tout'] as const;
export type ExportScope = (typeof EXPORT_SCOPES)[number];
export const EXPORT_SCOPE_FIELD = 'portee';

/**
 * Which columns the export holds (the form field `colonnes`): those a salesperson reads (name,
 * phone, e-mail, product, status, due time, last call and its outcome), the default, or all of
 * them (the consent and the choice with their wordings, the e-mails, every call…).
 */
export const EXPORT_COLUMN_SETS = ['liste', 'toutes'] as const;
export type ExportColumnSet = (typeof EXPORT_COLUMN_SETS)[number];
export const EXPORT_COLUMNS_FIELD = 'colonnes';

export const CALL_OUTCOME_VALUES = [
  'joint',
  'pas_de_reponse',
  'messagerie',
  'numero_errone',
  'repondu_email',
] as const satisfies readonly CallOutcome[];

/**
 * The inbox's views: « Mes demandes » (ADR 0046: the signed-in person's requests still to call
 * back, soonest due first, then those anyone may take); the requests still to call back (the
 * person not reached yet, status new or in progress), soonest due first; those of them past their
 * due time; those still to call back that nobody owns (« À attribuer »); every request, newest
 * first (what the API lists without a view).
 */
export const INBOX_VIEWS = [
  'mes-demandes',
  'a-rappeler',
  'en-retard',
  'a-attribuer',
  'toutes',
] as const;
export type InboxView = (typeof INBOX_VIEWS)[number];

/**
 * Where a request stands, as a search result says it: still to call back (« à rappeler »), past
 * its due time (« en retard »), the person reached (« joint »), converted or lost.
 */
export type InboxStanding = 'a-rappeler' | 'en-retard' | 'joint' | 'converti' | 'perdu';

export const LEAD_STATUS_VALUES = [
  'nouveau',
  'en_cours',
  'converti',
  'perdu',
] as const satisfies readonly LeadStatus[];

export const PAGE_SIZE = 25;

/**
 * The inbox's filter: sent as a JSON body (a search term is personal data: never in a URL). The
 * fields narrow the view; the staff pages send a new search term with `vue: 'toutes'`.
 */
export interface InboxFilter {
  q?: string;
  status?: LeadStatus;
  produit?: string;
  clientType?: 'particulier' | 'professionnel';
  /** Inclusive days, YYYY-MM-DD (UTC days). */
  from?: string;
  to?: string;
  sourcePage?: string;
  /** The owner (ADR 0046): `moi`, `a-attribuer` (nobody) or a person's id; unset: anyone. */
  owner?: string;
  /** Unset: every request, newest first (the staff pages send their default view). */
  vue?: InboxView;
  page?: number;
}

export interface MailState {
  kind: MailKind;
  status: OutboxStatus;
  attempts: number;
  sentAt: number | null;
  /** Why a `withheld` e-mail was not sent on purpose (flood rules); null otherwise. */
  withheldReason: WithheldReason | null;
}

export interface InboxRow {
  id: string;
  createdAt: number;
  prenom: string;
  nom: string;
  email: string;
  telephone: string;
  produit: string;
  clientType: string;
  /** How the person asked to be contacted (ADR 0029): `email` means no call may be recorded. */
  contactChannel: StoredChannel;
  status: LeadStatus;
  sourcePage: string | null;
  delivery: MailState[];
  /** Who handles it (ADR 0046); null: « À attribuer ». */
  owner: LeadOwner | null;
  /** The owner is absent today: anyone may take it (« Absent(e) : Marie Dupont »). */
  ownerAbsent: boolean;
}

/** A request's owner as the staff pages name them (`personName`). */
export interface LeadOwner {
  id: string;
  name: string;
}

/** The owner filter's two words besides a person's id (ADR 0046). */
export const OWNER_ME = 'moi';
export const OWNER_NOBODY = 'a-attribuer';

/**
 * The call-back clock of one request (server's clock): its due time, the moment the person was
 * reached (« Joint » or « Répondu par e-mail »), which stops it, and the attempts before.
 */
export interface RowClock {
  dueAt: number;
  /** The first entry of the call log, whatever its outcome (the CSV's « Premier appel »). */
  firstCallAt: number | null;
  /** When the person was first reached; null while not reached. */
  reachedAt: number | null;
  /** How: a call answered (`joint`) or a written answer (`repondu_email`). */
  reachedBy: 'joint' | 'repondu_email' | null;
  /** Working time from reception to reaching the person (« joint en 2 h 14 »). */
  reachedAfterMs: number | null;
  /** Phone calls recorded (every outcome but `repondu_email`), and the latest one. */
  attempts: number;
  lastAttemptAt: number | null;
  /** A call ended « Numéro erroné » and nobody was reached since: « répondre par e-mail ». */
  wrongNumber: boolean;
  /** Converted or lost: no countdown any more. */
  closed: boolean;
}

export interface InboxPage {
  rows: Array<InboxRow & { clock: RowClock; standing: InboxStanding }>;
  /** The server's time when it answered, and the company's time zone. */
  now: number;
  timeZone: string;
  /** Requests to call back that are past their due time (the « En retard » view). */
  overdue: number;
  total: number;
  page: number;
  pageSize: number;
  /** The products seen in the store, for the filter's choices. */
  products: string[];
  /** The team's active people: the owner filter's and « Confier à … »'s choices. */
  people: LeadOwner[];
}

export interface LeadDetail extends InboxRow {
  adresse: string;
  message: string;
  consent: { text: string; version: string; givenAt: number };
  /**
   * The person's choice of contact (ADR 0029) as stored: the channel, days and slots, their
   * wording, the stored due time (null before migration 10), the last change on the visitor's
   * page and the withdrawal of the phone consent.
   */
  contact: {
    choice: ContactChoice;
    text: string;
    version: string;
    givenAt: number;
    dueAt: number | null;
    changedAt: number | null;
    phoneWithdrawnAt: number | null;
  };
  campaign: { source: string | null; medium: string | null; campaign: string | null };
  related: Array<Pick<InboxRow, 'id' | 'createdAt' | 'produit' | 'status'>>;
  mails: Array<
    MailState & { lastAttemptAt: number | null; lastError: string | null; nextAttemptAt: number }
  >;
  notes: Array<{ at: number; author: string; text: string }>;
  audit: Array<{ at: number; actor: string; action: AuditAction; detail: string }>;
}

export interface CallRecord {
  at: number;
  outcome: CallOutcome;
  note: string;
  staff: string;
}

/**
 * One entry of a request's history (server/callback/history.ts): a call with its outcome and
 * note, a note, or an act of the audit trail (a status change with the note written with it, the
 * person's own changes: actor `demandeur`). `who` as stored (a staff e-mail or `demandeur`).
 */
export type HistoryEntry =
  | { kind: 'call'; at: number; who: string; outcome: CallOutcome; note: string }
  | { kind: 'note'; at: number; who: string; text: string }
  | { kind: 'act'; at: number; who: string; action: AuditAction; detail: string; note: string };

/** A request's page with its call-back clock, its calls and the call window at `now`. */
export interface LeadPage extends LeadDetail {
  /** The team's active people, for « Confier à … ». */
  people: LeadOwner[];
  clock: RowClock;
  now: number;
  timeZone: string;
  calls: CallRecord[];
  /** Calls, notes, status changes and the person's own changes, newest first. */
  history: HistoryEntry[];
  /** Phone calls of the last 30 days (a written answer is no call). */
  callsLast30Days: number;
  /** Whether `now` is inside the call hours; else when they open next. */
  window: { open: true; closesAt: number } | { open: false; nextOpensAt: number };
  /**
   * With days or slots chosen (by phone): whether `now` is inside one of them, else when the
   * next one starts; null without a chosen slot.
   */
  chosenSlot:
    { inside: true; endsAt: number } | { inside: false; nextStartsAt: number | null } | null;
}

/** The call-back counters of one window, in working time (ADR 0028: time to reach the person). */
export interface FirstCallWindow {
  days: number;
  /** Median working time to reaching the person, over the requests reached; null when none. */
  medianMs: number | null;
  /** Reached within the promise ÷ (reached + past due, open, not reached); null when both are 0. */
  withinPromiseShare: number | null;
  considered: number;
}

export interface CounterWindow {
  days: number;
  total: number;
  byStatus: Record<LeadStatus, number>;
  byProduct: Array<{ produit: string; count: number }>;
  /** Converted ÷ total, 0 when there is no request. */
  convertedShare: number;
}

export interface Counters {
  windows: CounterWindow[];
  firstCall: FirstCallWindow[];
  promiseHours: number;
}

export interface StaffIdentity {
  /** The person's id in the team (`staff_people.id`): what owns a request. */
  id: string;
  email: string;
  /** « Prénom Nom », or the e-mail address when the person has no name yet (`personName`). */
  name: string;
  /** The person's role in the team (ADR 0044): the pages a responsable alone sees follow it. */
  role: TeamRole;
}

/** How staff screens and e-mails name a person: « Prénom Nom », or the address without a name. */
export function personName(person: { firstName: string; lastName: string; email: string }): string {
  const name = `${person.firstName.trim()} ${person.lastName.trim()}`.trim();
  return name === '' ? person.email : name;
}
