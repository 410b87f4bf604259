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
} as const;

export interface TeamPerson {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: TeamRole;
  active: boolean;
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
