/**
 * The French copy of the team page (`/equipe/equipe`, ADR 0044). Imported only by the staff
 * route.
 */
import type { TeamRole } from '#contracts/staff/statuses.ts';
import type { AssignmentRuleName } from '#contracts/staff/ownership.ts';
import type { Absence, TeamPerson } from '#contracts/staff/team.ts';

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

const dayFormat = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** « 1er juillet 2026 », « 14 juillet 2026 » from a `YYYY-MM-DD` date. */
function frenchDate(date: string): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const text = dayFormat.format(new Date(Date.UTC(year, month - 1, day)));
  return day === 1 ? text.replace(/^1 /, '1er ') : text;
}

/** « Absent(e) du 1er juillet 2026 au 14 juillet 2026 ». */
export function absenceLine(absence: Absence): string {
  return absence.du === absence.au
    ? `Absent(e) le ${frenchDate(absence.du)}`
    : `Absent(e) du ${frenchDate(absence.du)} au ${frenchDate(absence.au)}`;
}

export const RULE_LABELS: Record<AssignmentRuleName, string> = {
  chacun_son_tour: 'Chacun son tour',
  par_departement: 'Par département',
  personne: 'Personne',
};

export const teamPageText = {
  absence: {
    title: 'Absence',
    present: 'Présent(e)',
    from: 'Premier jour',
    until: 'Dernier jour',
    save: 'Enregistrer l’absence',
    end: 'Supprimer l’absence',
    hint: 'Pendant son absence, une personne ne reçoit aucune nouvelle demande.',
    saved: (who: string, absence: Absence) =>
      `${who}\u00a0: ${absenceLine(absence).toLowerCase()}.`,
    ended: (who: string) => `${who}\u00a0: plus d’absence prévue.`,
  },
  name: {
    edit: 'Modifier le nom',
    save: 'Enregistrer le nom',
    saved: (person: TeamPerson) => `Le nom est maintenant ${fullName(person)}.`,
  },
  deactivation: {
    title: (who: string) => `Désactiver ${who}`,
    question: 'Ses demandes en cours vont',
    byRule: 'Selon la règle d’attribution',
    toColleague: 'À une personne de l’équipe',
    colleague: 'Personne qui les reprend',
    confirm: 'Confirmer la désactivation',
    cancel: 'Annuler',
  },
  settings: {
    title: 'Règle d’attribution',
    intro: 'Qui reçoit chaque nouvelle demande, au moment où elle arrive.',
    rules: {
      chacun_son_tour: 'Le commercial présent qui a reçu une demande il y a le plus longtemps.',
      par_departement:
        'Selon le département de l’adresse\u00a0; sans département couvert, chacun son tour.',
      personne: 'Les demandes attendent dans «\u00a0À attribuer\u00a0» que quelqu’un les prenne.',
    } satisfies Record<AssignmentRuleName, string>,
    departementsTitle: 'Départements',
    departement: 'Département',
    person: 'Personne',
    addDepartement: 'Ajouter un département',
    remove: (departement: string) => `Retirer le département ${departement || 'vide'}`,
    seeAll: 'Les commerciaux voient toutes les demandes',
    seeAllHint: 'Décoché, un commercial ne voit que ses demandes et celles à attribuer.',
    save: 'Enregistrer les réglages',
    saved: 'Les réglages de l’équipe sont enregistrés.',
    unavailable: 'Les réglages de l’équipe ne sont pas disponibles pour le moment.',
  },
  counters: {
    title: (days: number) => `Par personne, sur ${days}\u00a0jours`,
    person: 'Personne',
    received: 'Demandes reçues',
    within: (hours: number) => `Jointes dans la promesse (${hours}\u00a0h ouvrées)`,
    median: 'Délai médian avant de joindre',
    none: '—',
    inactive: '(désactivé(e))',
    empty: 'Aucune personne à compter.',
  },
  history: {
    title: 'Historique de l’équipe',
    empty: 'Aucun changement enregistré.',
    by: (actor: string) => (actor === 'operator' ? 'l’exploitant' : actor),
  },
};

/** « 75 % » (French: a narrow no-break space before the sign). */
export function percent(share: number): string {
  return `${Math.round(share * 100)}\u202f%`;
}

export const accountText = {
  navLabel: 'Mon compte',
  metaTitle: 'Mon compte — Espace équipe',
  title: 'Mon compte',
  intro: 'Vos absences et votre résumé du matin.',
  absenceTitle: 'Mon absence',
  absenceHint: 'Pendant votre absence, vous ne recevez aucune nouvelle demande.',
  digestTitle: 'Mon résumé du matin',
  digestOn:
    'Chaque matin ouvré, vous recevez par e-mail vos demandes du jour et en retard, puis celles à attribuer.',
  digestOff: 'Vous ne recevez plus le résumé du matin.',
  turnOff: 'Ne plus recevoir le résumé du matin',
  turnOn: 'Recevoir de nouveau le résumé du matin',
  turnedOff: 'Le résumé du matin ne vous sera plus envoyé.',
  turnedOn: 'Le résumé du matin vous sera de nouveau envoyé.',
};

/**
 * The detail of a team change as stored in the audit trail (`<e-mail> …`), in words: the role,
 * the absence's dates, the digest switched on or off.
 */
export function historyDetail(action: string, detail: string): string {
  const [email = '', ...rest] = detail.split(' ');
  const [first, second] = rest;
  if ((action === 'team_role' || action === 'team_add') && first && first in ROLE_LABELS) {
    return `${email} (${ROLE_LABELS[first as TeamRole].toLowerCase()})`;
  }
  if (action === 'team_absence') {
    if (first === 'fin') return `${email}, absence supprimée`;
    if (first && second) return `${email}, ${absenceLine({ du: first, au: second }).toLowerCase()}`;
  }
  if (action === 'team_settings') return settingsDetail(detail);
  if (action === 'team_digest') {
    return `${email}, ${first === 'actif' ? 'résumé du matin activé' : 'résumé du matin arrêté'}`;
  }
  return detail;
}

/** `par_departement voient_tout=0 departements=13,2A` (ADR 0045's audit detail), in words. */
function settingsDetail(detail: string): string {
  const [rule = '', seeAll, departements] = detail.split(' ');
  const words = [RULE_LABELS[rule as AssignmentRuleName] ?? rule];
  words.push(
    seeAll === 'voient_tout=0'
      ? 'les commerciaux ne voient que leurs demandes'
      : 'les commerciaux voient toutes les demandes',
  );
  const list = (departements ?? '').replace(/^departements=/, '');
  if (list) words.push(`départements ${list.split(',').join(', ')}`);
  return words.join('\u00a0; ');
}
