/** The French copy of the team API's and the CLI's refusals (ADR 0044). */
import type { TeamRefusal } from './service.ts';

export const TEAM_ERRORS = {
  responsablesOnly: 'Seul un responsable peut gérer l’équipe.',
  invalidPerson:
    'Saisissez le prénom, le nom, une adresse e-mail valide et le rôle (responsable ou commercial).',
} as const;

export const TEAM_REFUSALS: Record<TeamRefusal, string> = {
  'not-found': 'Cette personne ne fait pas partie de l’équipe.',
  exists: 'Cette adresse e-mail fait déjà partie de l’équipe.',
  'last-responsable':
    'L’équipe doit garder au moins un responsable actif\u00a0: nommez d’abord un autre responsable.',
  'invalid-reprise':
    'Choisissez une autre personne active de l’équipe pour reprendre ses demandes, ou la règle d’attribution.',
};

/** The HTTP status of each refusal. */
export const REFUSAL_STATUS: Record<TeamRefusal, 404 | 409> = {
  'not-found': 404,
  exists: 409,
  'last-responsable': 409,
  'invalid-reprise': 409,
};

/** The French copy of « Je la prends » and « Confier à … »'s refusals (ADR 0045). */
export const OWNERSHIP_REFUSALS = {
  owned: (name: string | undefined) =>
    name
      ? `Cette demande est suivie par ${name}. Seul un responsable peut la reprendre.`
      : 'Cette demande est déjà suivie. Seul un responsable peut la reprendre.',
  'not-owner':
    'Seule la personne qui suit cette demande, ou un responsable, peut la confier à quelqu’un d’autre.',
  'inactive-person': 'Cette personne ne fait pas partie de l’équipe active.',
  stale:
    'Quelqu’un vient de changer qui suit cette demande. Rechargez la page pour voir qui la suit.',
  unknownPerson:
    'Chaque département doit être confié à une personne active de l’équipe. Rechargez la page et réessayez.',
} as const;

/** The HTTP status of each refusal but `not-found` (answered as an unknown request). */
export const OWNERSHIP_STATUS = {
  owned: 409,
  'not-owner': 403,
  'inactive-person': 409,
  stale: 409,
} as const;
