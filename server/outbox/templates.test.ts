import { describe, expect, it } from 'vitest';

import { escapeHtml } from '#server/http/escape-html.ts';
import { STAFF_ACCESS_PLACES } from './staff-access.ts';
import { buildAlert, buildConfirmation, buildNotification, messageIdFor } from './templates.ts';
import { type Lead, unspecifiedContact } from '#server/db/records/lead.ts';

const lead: Lead = {
  id: '4b4f6a36-3c0e-4b8e-9a53-0b1d7d3b2c11',
  createdAt: Date.UTC(2026, 10, 22, 9, 30),
  clientType: 'professionnel',
  nom: 'O’Brien',
  prenom: 'Jean-Luc',
  adresse: '"><svg onload=alert(1)>',
  telephone: '+33 6 12 34 56 78',
  email: 'jl@entreprise.example',
  produit: '',
  message: '',
  consent: { text: 'J’accepte…', version: '2026-11-01', givenAt: Date.UTC(2026, 10, 22, 9, 30) },
  contact: unspecifiedContact(Date.UTC(2026, 10, 22, 9, 30)),
};
const settings = { from: 'Site <no-reply@x.example>', to: 'equipe@x.example' };

describe('buildNotification', () => {
  it('links to the request’s staff page, in the text and the HTML alike, by its id only', () => {
    const mail = buildNotification(
      lead,
      { ...settings, siteUrl: () => 'https://www.exemple.fr/' },
      messageIdFor(lead.id, 'notification', 'x.example'),
    );
    const url = `https://www.exemple.fr/equipe/demandes/${lead.id}`;
    expect(mail.text).toContain(`La demande dans l’espace équipe\u00a0:\n${url}\n`);
    expect(mail.html).toContain(
      `<p>La demande dans l’espace équipe&nbsp;: <a href="${url}">${url}</a></p>`,
    );
    // Nothing the person typed in the address: the id is the only variable part.
    for (const mailText of [mail.text, mail.html]) {
      const links = mailText.match(/https:\/\/www\.exemple\.fr\S*/g) ?? [];
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link).toMatch(new RegExp(`^${url}(?:"|<|$)`));
    }
    // Without the site's URL: the reference only, no link.
    const plain = buildNotification(lead, settings, 'id');
    expect(plain.text).not.toContain('/equipe/');
    expect(plain.html).not.toContain('/equipe/');
    expect(plain.text).toContain(`Référence\u00a0: ${lead.id}`);
  });

  it('addresses the company, replies to the visitor and says when fields are empty', () => {
    const mail = buildNotification(
      lead,
      settings,
      messageIdFor(lead.id, 'notification', 'x.example'),
    );
    expect(mail).toMatchObject({
      to: 'equipe@x.example',
      from: 'Site <no-reply@x.example>',
      replyTo: 'jl@entreprise.example',
      subject: 'Nouvelle demande de contact depuis le site',
      messageId: `<${lead.id}.notification@x.example>`,
    });
    expect(mail.text).toContain('Produit\u00a0: Non précisé');
    expect(mail.text).toContain('Aucun message');
    expect(mail.text).toContain('Reçue le\u00a0: dimanche 22 novembre 2026 à 10:30');
    expect(mail.html).toContain('&quot;&gt;&lt;svg onload=alert(1)&gt;');
    expect(mail.html).not.toContain('<svg');
  });
});

describe('buildConfirmation', () => {
  it('goes to the visitor with fixed text only', () => {
    const mail = buildConfirmation(
      lead,
      settings,
      messageIdFor(lead.id, 'confirmation', 'x.example'),
    );
    expect(mail.to).toBe('jl@entreprise.example');
    expect(mail.replyTo).toBeUndefined();
    expect(mail.headers['Auto-Submitted']).toBe('auto-replied');
    const other = buildConfirmation(
      { ...lead, nom: 'Autre', prenom: 'Personne', message: 'texte libre' },
      settings,
      mail.messageId,
    );
    expect(other.text).toBe(mail.text);
    expect(other.html).toBe(mail.html);
  });
});

describe('buildAlert', () => {
  it('tells the company how many requests came, that all are stored, and where to see them', () => {
    const mail = buildAlert(
      {
        requests: 137,
        limit: 20,
        windowStart: new Date(Date.UTC(2026, 10, 23, 11, 0)),
        windowEnd: new Date(Date.UTC(2026, 10, 23, 11, 10)),
      },
      { from: 'no-reply@calora-energies.example', to: 'equipe@calora-energies.example' },
      '<x.alert@calora-energies.example>',
    );
    expect(mail.to).toBe('equipe@calora-energies.example');
    expect(mail.replyTo).toBeUndefined();
    expect(mail.subject).toBe(
      'Afflux de demandes sur le site\u00a0: 137 demandes en moins de 10\u00a0minutes',
    );
    expect(mail.text).toContain('a reçu 137 demandes entre 23/11/2026 12:00');
    expect(mail.text).toContain('Au-delà de 20 demandes par fenêtre de 10\u00a0minutes');
    expect(mail.text).toContain('aucune n’est perdue');
    for (const place of STAFF_ACCESS_PLACES) {
      expect(mail.text).toContain(place);
      expect(mail.html).toContain(escapeHtml(place));
    }
    expect(mail.headers['Auto-Submitted']).toBe('auto-generated');
  });
});
