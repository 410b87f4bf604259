import { describe, expect, it } from 'vitest';

import { auditText } from './staff-audit.ts';

describe('the audit trail, as staff read it', () => {
  it('writes a call with its outcome, and a written answer as an answer (ADR 0036)', () => {
    expect(auditText('call', 'messagerie')).toBe('Appel enregistré (Messagerie)');
    expect(auditText('call', 'repondu_email')).toBe('Réponse par e-mail enregistrée');
    expect(auditText('status', 'nouveau → en_cours')).toBe('Statut changé Nouveau → En cours');
    expect(auditText('sign_in', '')).toBe('Connexion');
  });

  it('names a request’s new owner (ADR 0045)', () => {
    expect(auditText('lead_assigned', 'Marie Dupont')).toBe('Demande confiée à Marie Dupont');
    expect(auditText('lead_assigned', 'personne (de nouveau «\u00a0À attribuer\u00a0»)')).toBe(
      'Demande confiée à personne (de nouveau «\u00a0À attribuer\u00a0»)',
    );
  });
});
