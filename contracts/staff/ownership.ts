import { z } from 'zod';

import { STAFF_API_PREFIX, type LeadOwner } from './contract.ts';

/**
 * Who handles a request (ADR 0045): « Je la prends », « Confier à … », and the team's
 * assignment settings (responsables). Shared by the server (server/team/) and the staff pages.
 */
export const OWNERSHIP_API = {
  take: (id: string) => `${STAFF_API_PREFIX}/demandes/${encodeURIComponent(id)}/prendre`,
  handOver: (id: string) => `${STAFF_API_PREFIX}/demandes/${encodeURIComponent(id)}/confier`,
  settings: `${STAFF_API_PREFIX}/equipe/reglages`,
} as const;

/** The answer of « Je la prends » and « Confier à … ». */
export interface OwnerAnswer {
  owner: LeadOwner | null;
}

const PERSON_ID = z.string().regex(/^[0-9a-f-]{36}$/);

export const HandOverSchema = z.object({ personne: PERSON_ID });

export const ASSIGNMENT_RULES = ['chacun_son_tour', 'par_departement', 'personne'] as const;
export type AssignmentRuleName = (typeof ASSIGNMENT_RULES)[number];

/** `01`…`95` (not `20`), `2A`, `2B`, `971`…`976`. */
const DEPARTEMENT = /^(0[1-9]|1\d|[3-8]\d|9[0-5]|2[1-9]|2A|2B|97[1-6])$/;

/** The team's assignment settings: the rule, the visibility, who covers which département. */
export const TeamSettingsSchema = z.object({
  regle: z.enum(ASSIGNMENT_RULES),
  commerciauxVoientTout: z.boolean(),
  departements: z
    .record(z.string().regex(DEPARTEMENT), PERSON_ID)
    .refine((map) => Object.keys(map).length <= 101),
});
export type TeamSettings = z.infer<typeof TeamSettingsSchema>;

/**
 * A deactivation (`TEAM_API.deactivate`): where the person's open requests go, back to the rule
 * (`regle`, the default) or to one active colleague (their id).
 */
export const DeactivationSchema = z.object({
  reprise: z.union([z.literal('regle'), PERSON_ID]).default('regle'),
});
