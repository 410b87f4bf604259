import { z } from 'zod';

import { STAFF_API_PREFIX } from './contract.ts';
import { TEAM_ROLES, type TeamRole } from './statuses.ts';

/**
 * The team page's API (ADR 0044): the people who may sign in, their role, and whether they are
 * active. Responsables only.
 */
export const TEAM_API = {
  people: `${STAFF_API_PREFIX}/equipe/personnes`,
  role: (id: string) => `${STAFF_API_PREFIX}/equipe/personnes/${encodeURIComponent(id)}/role`,
  deactivate: (id: string) =>
    `${STAFF_API_PREFIX}/equipe/personnes/${encodeURIComponent(id)}/desactiver`,
  reactivate: (id: string) =>
    `${STAFF_API_PREFIX}/equipe/personnes/${encodeURIComponent(id)}/reactiver`,
  /** PUT `{ du, au }` sets the person's absence, DELETE ends it (the person or a responsable). */
  absence: (id: string) => `${STAFF_API_PREFIX}/equipe/personnes/${encodeURIComponent(id)}/absence`,
  /** PUT `{ firstName, lastName }` (responsables). */
  name: (id: string) => `${STAFF_API_PREFIX}/equipe/personnes/${encodeURIComponent(id)}/nom`,
  /** GET: each person's counters over 30 days (responsables). */
  counters: `${STAFF_API_PREFIX}/equipe/compteurs`,
  /** GET: the team's changes in the audit trail, newest first (responsables): `TeamHistory`. */
  history: `${STAFF_API_PREFIX}/equipe/historique`,
  /** GET: the signed-in person (« Mon compte »): their absence and digest. */
  me: `${STAFF_API_PREFIX}/moi`,
  /** PUT `{ actif }`: the signed-in person's morning digest on or off. */
  digest: `${STAFF_API_PREFIX}/moi/resume`,
} as const;

/** An absence: Paris dates `YYYY-MM-DD`, both included. */
export interface Absence {
  du: string;
  au: string;
}

export interface TeamPerson {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: TeamRole;
  active: boolean;
  /** « Absent(e) du … au … », or null when present. */
  absence: Absence | null;
}

/** The signed-in person's own page, « Mon compte » (`GET TEAM_API.me`). */
export interface MyAccount {
  person: TeamPerson;
  /** Whether their morning digest is sent. */
  digest: boolean;
  /** Today in Paris (`YYYY-MM-DD`): the absence form's earliest date. */
  today: string;
}

/** One person's counters over `days` days (`GET TEAM_API.counters`). */
export interface PersonCounters {
  person: { id: string; name: string; active: boolean };
  /** Requests received in the window that this person owns. */
  received: number;
  /** Reached within the promise ÷ (reached + past due, open, not reached); null when both are 0. */
  withinPromiseShare: number | null;
  /** Median working time to the first reach, over the requests reached; null when none. */
  medianMs: number | null;
}
export interface TeamCounters {
  days: number;
  promiseHours: number;
  people: PersonCounters[];
}

export interface TeamHistory {
  entries: TeamHistoryEntry[];
  /** The company's time zone, in which the entries' times are read. */
  timeZone: string;
}

/** One entry of « Historique de l'équipe » (`GET TEAM_API.history`). */
export interface TeamHistoryEntry {
  at: number;
  /** Who acted: their e-mail, or `operator` (STAFF_EMAILS at start, the CLI). */
  actor: string;
  action: string;
  detail: string;
}

const name = z.string().trim().min(1).max(80);

export const NewPersonSchema = z.object({
  firstName: name,
  lastName: name,
  email: z
    .string()
    .trim()
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/),
  role: z.enum(TEAM_ROLES),
});
export type NewPerson = z.infer<typeof NewPersonSchema>;

export const RoleChangeSchema = z.object({ role: z.enum(TEAM_ROLES) });

export const NameChangeSchema = z.object({ firstName: name, lastName: name });

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The absence's shape; its dates' meaning is checked by the server (`absenceProblem`). */
export const AbsenceSchema = z.object({ du: isoDate, au: isoDate });

export const DigestSwitchSchema = z.object({ actif: z.boolean() });
