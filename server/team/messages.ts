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
};

/** The HTTP status of each refusal. */
export const REFUSAL_STATUS: Record<TeamRefusal, 404 | 409> = {
  'not-found': 404,
  exists: 409,
  'last-responsable': 409,
};
