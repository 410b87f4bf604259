/**
 * The visitor page's API (ADR 0029): POST only, JSON bodies only, the link's token in
 * the body (`jeton`), never in a URL. The link proves the e-mail address, so it opens every
 * request of that address (ADR 0031): an act on one names it (`demande`, its id). Shared by the
 * page (app/routes/visitor.tsx) and the server (server/visitor/). No dependency but the choice's
 * contract.
 */
import type { DayName, StoredChannel } from './contact-choice.ts';

export const VISITOR_API_PREFIX = '/api/demande';

export const VISITOR_API = {
  /** Reads the person's requests: `{ jeton }` → `VisitorPersonView`. */
  read: `${VISITOR_API_PREFIX}/lire`,
  /** Changes one request's days and slots: `{ jeton, demande, jours, creneaux }` → `VisitorView`. */
  slots: `${VISITOR_API_PREFIX}/creneaux`,
  /** « Ne plus m'appeler » for one request: `{ jeton, demande }` → `VisitorView`. */
  stopCalls: `${VISITOR_API_PREFIX}/ne-plus-appeler`,
  /**
   * « Être rappelé(e) par téléphone » for one request (ADR 0030): `{ jeton, demande, accord:
   * true, version }` (the version of PHONE_CONSENT_TEXT the page showed) → `VisitorView`.
   */
  allowCalls: `${VISITOR_API_PREFIX}/etre-rappele`,
  /**
   * « Supprimer ma demande »: erases the person, every request of the address, as staff's
   * erasure does: `{ jeton, confirmer: true }` → `VisitorErased`.
   */
  erase: `${VISITOR_API_PREFIX}/supprimer`,
} as const;

/** Where the request stands, as the visitor reads it. */
export type VisitorStage = 'recue' | 'en_cours' | 'appele' | 'repondu_email' | 'cloturee';

/** The request as the page shows it: nothing the visitor typed but the product (a list value). */
export interface VisitorView {
  /** The request's id: what an act on it names (`demande`). */
  id: string;
  /** The day it was received, in words (« jeudi 26 novembre 2026 »). */
  receivedOn: string;
  /** One of PRODUCT_OPTIONS, or null when none was chosen. */
  product: string | null;
  stage: VisitorStage;
  /** The stage in words (« Reçue », « Nous vous avons appelé le … »). */
  stageText: string;
  channel: StoredChannel;
  /** The chosen days (names) and slots (`HH:MM-HH:MM`); empty: « dès que possible ». */
  days: DayName[];
  slots: string[];
  /** The choice in words (« mardi ; de 14 h à 17 h », « dès que possible », « — »). */
  choiceText: string;
  /** The next occurrence of a chosen slot, in words; null without one. */
  nextSlot: string | null;
  /** When the visitor withdrew the phone consent (ISO 8601), or null. */
  phoneWithdrawnAt: string | null;
  /** What the form offers: the working days and CALL_WINDOWS. */
  offer: { days: DayName[]; slots: string[] };
  /** Whether the days and slots may still be changed (calls allowed, request not closed). */
  canChangeSlots: boolean;
  /**
   * Whether « Être rappelé(e) par téléphone » is offered: the e-mail only (after « Ne plus
   * m'appeler » or as chosen on the form) on a request not closed.
   */
  canAllowCalls: boolean;
}

/** What a link opens: the person's requests (ADR 0031). */
export interface VisitorPersonView {
  /** The open requests of the link's e-mail address and the link's own, oldest first. */
  requests: VisitorView[];
  /** Every request of the address, closed ones included: what an erasure erases. */
  requestCount: number;
}

/** The answer to an erasure: how many requests were erased. */
export interface VisitorErased {
  erased: number;
}

/** Every refusal: `{ error }` in French. */
export interface VisitorRefused {
  error: string;
  fields?: Partial<Record<'jours' | 'creneaux', string>>;
}
