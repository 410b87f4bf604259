/**
 * The French words of a request's audit trail (« Historique (non modifiable) ») on its staff
 * page. Imported only by the staff route.
 */
import { CALL_OUTCOME_LABELS, STATUS_LABELS } from '#contracts/staff/labels.ts';
import type { AuditAction, CallOutcome, LeadStatus } from '#contracts/staff/contract.ts';

const AUDIT_LABELS: Record<AuditAction, string> = {
  call: 'Appel enregistré',
  status: 'Statut changé',
  note: 'Note ajoutée',
  erase: 'Personne effacée',
  retry: 'Renvoi des e-mails demandé',
  export: 'Export CSV',
  sign_in: 'Connexion',
  sign_out: 'Déconnexion',
  webhook_resend: 'Renvoi au CRM demandé',
  webhook_enable: 'Webhook CRM réactivé',
  visitor_slots: 'Créneau modifié par le demandeur',
  visitor_stop_calls: 'Appels refusés par le demandeur',
  visitor_allow_calls: 'Appels de nouveau acceptés par le demandeur',
  visitor_erase: 'Personne effacée par le demandeur',
  webhook_test: 'Test du webhook CRM envoyé',
  team_add: 'Personne ajoutée à l’équipe',
  team_role: 'Rôle changé',
  team_deactivate: 'Personne désactivée',
  team_reactivate: 'Personne réactivée',
  lead_assigned: 'Demande confiée à',
  team_settings: 'Réglages de l’équipe changés',
};

/**
 * An entry of the audit trail as staff read it: its label and its detail. A written answer is
 * recorded as a call with the outcome `repondu_email`, but reads as what it is (ADR 0036).
 */
export function auditText(action: AuditAction, detail: string): string {
  if (action === 'call' && detail === 'repondu_email') return 'Réponse par e-mail enregistrée';
  return `${AUDIT_LABELS[action]} ${auditDetail(action, detail)}`.trim();
}

/** A status change is stored as `avant → après` with the codes; shown with the labels. */
function auditDetail(action: AuditAction, detail: string): string {
  if (action === 'status') {
    return detail
      .split(' → ')
      .map((code) => STATUS_LABELS[code as LeadStatus] ?? code)
      .join(' → ');
  }
  if (action === 'call') {
    return `(${CALL_OUTCOME_LABELS[detail as CallOutcome] ?? detail})`;
  }
  // The new owner's name (ADR 0045), as recorded; none: back to « À attribuer ».
  if (action === 'lead_assigned') return detail;
  if (action === 'visitor_allow_calls') {
    // `<sequence> <version>`: the version of the wording agreed to.
    const version = detail.split(' ')[1];
    return version ? `(texte version ${version})` : '';
  }
  if (
    action === 'retry' ||
    action === 'erase' ||
    action === 'visitor_erase' ||
    action === 'export'
  ) {
    return detail ? `(${detail})` : '';
  }
  return '';
}
