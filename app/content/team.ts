/**
 * The French copy of the team page (`/equipe/equipe`, ADR 0044). Imported only by the staff
 * route.
 */
import type { TeamRole } from '#contracts/staff/statuses.ts';
import type { TeamPerson } from '#contracts/staff/team.ts';

export const ROLE_LABELS: Record<TeamRole, string> = {
  responsable: 'Responsable',
  commercial: 'Commercial',
};

export const teamText = {
  navLabel: 'Équipe',
  metaTitle: 'Équipe — Espace équipe',
  title: 'Équipe',
  intro:
    'Les personnes qui peuvent se connecter à l’espace équipe, et leur rôle. Un responsable fait tout ce que fait un commercial, et gère l’équipe.',
  responsablesOnly: 'Seul un responsable peut gérer l’équipe.',
  peopleTitle: 'Les personnes',
  noName: 'Nom non renseigné',
  active: 'Accès actif',
  inactive: 'Accès désactivé',
  role: 'Rôle',
  makeRole: (role: TeamRole) =>
    role === 'responsable' ? 'Nommer responsable' : 'Passer commercial',
  deactivate: 'Désactiver',
  reactivate: 'Réactiver',
  deactivateHint: 'La désactivation ferme aussitôt toutes ses sessions.',
  addTitle: 'Ajouter une personne',
  firstName: 'Prénom',
  lastName: 'Nom',
  email: 'Adresse e-mail',
  add: 'Ajouter',
  adding: 'Ajout…',
  added: (person: TeamPerson) =>
    `${fullName(person)} fait partie de l’équipe\u00a0: son adresse peut recevoir un lien de connexion.`,
  roleChanged: (person: TeamPerson) =>
    `${fullName(person)} est maintenant ${ROLE_LABELS[person.role].toLowerCase()}.`,
  deactivated: (person: TeamPerson) =>
    `${fullName(person)} est désactivé(e)\u00a0: ses sessions sont fermées.`,
  reactivated: (person: TeamPerson) =>
    `${fullName(person)} est réactivé(e)\u00a0: son adresse peut de nouveau recevoir un lien de connexion.`,
};

/** « Léa Martin », or the e-mail when no name was given (an address of STAFF_EMAILS). */
export function fullName(person: Pick<TeamPerson, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${person.firstName} ${person.lastName}`.trim();
  return name === '' ? person.email : name;
}
