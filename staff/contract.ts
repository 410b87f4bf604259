/**
 * The staff inbox's contract: its paths, the filter it sends and the JSON the staff API answers.
 * Shared by the server (server/staff/) and the staff pages (app/routes/staff/), never imported by
 * a public page. The store's unions (statuses) are imported as types only.
 */
import type {
  AuditAction,
  LeadStatus,
  MailKind,
  OutboxStatus,
  WithheldReason,
} from '../server/store/schema.ts';

export type { AuditAction, LeadStatus, MailKind, OutboxStatus };

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
} as const;

export const LEAD_STATUS_VALUES = [
  'nouveau',
  'en_cours',
  'converti',
  'perdu',
] as const satisfies readonly LeadStatus[];

export const PAGE_SIZE = 25;

/** The inbox's filter: sent as a JSON body (a search term is personal data: never in a URL). */
export interface InboxFilter {
  q?: string;
  status?: LeadStatus;
  produit?: string;
  clientType?: 'particulier' | 'professionnel';
  /** Inclusive days, YYYY-MM-DD (UTC days). */
  from?: string;
  to?: string;
  sourcePage?: string;
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
  status: LeadStatus;
  sourcePage: string | null;
  delivery: MailState[];
}

export interface InboxPage {
  rows: InboxRow[];
  total: number;
  page: number;
  pageSize: number;
  /** The products seen in the store, for the filter's choices. */
  products: string[];
}

export interface LeadDetail extends InboxRow {
  adresse: string;
  message: string;
  consent: { text: string; version: string; givenAt: number };
  campaign: { source: string | null; medium: string | null; campaign: string | null };
  related: Array<Pick<InboxRow, 'id' | 'createdAt' | 'produit' | 'status'>>;
  mails: Array<
    MailState & { lastAttemptAt: number | null; lastError: string | null; nextAttemptAt: number }
  >;
  notes: Array<{ at: number; author: string; text: string }>;
  audit: Array<{ at: number; actor: string; action: AuditAction; detail: string }>;
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
}

export interface StaffIdentity {
  email: string;
}
