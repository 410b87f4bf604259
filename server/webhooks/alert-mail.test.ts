import { describe, expect, it } from 'vitest';

import { buildWebhookAlert, type WebhookAlertFacts } from './alert-mail.ts';

/**
 * The CRM webhook's alert e-mails read by a salesperson: plain words first, then where to act;
 * the address, the HTTP status, the event states and the settings only under « Détails
 * techniques », at the end.
 */
const AT = Date.UTC(2026, 10, 28, 13, 5); // 28 November 2026, 14:05 in Paris
const ENDPOINT = 'https://crm.example/hooks/calora';
const SETTINGS = { from: 'site@calora.example', to: 'equipe@calora.example' };
const TECHNICAL = 'Détails techniques (pour la personne qui gère le site ou le CRM)';
/** What a salesperson should not have to read outside the technical details. */
const DEVELOPER_WORDS =
  /[Ww]ebhook|WEBHOOK_|HTTP|\b410\b|Gone|failed|[Éé]vénement|retenté|crm\.example|endpoint/;

function alert(kind: WebhookAlertFacts['kind'], failed: number) {
  return buildWebhookAlert(
    { kind, at: AT, endpoint: ENDPOINT, failed },
    'https://www.calora.example/',
    SETTINGS,
    '<alert-1@calora.example>',
  );
}

/** French spacing: no plain space before : ; ? ! » nor after «, all non-breaking. */
const BREAKABLE_SPACE = / [:;?!»]|« /;

/** The text part before and after « Détails techniques », its non-breaking spaces as spaces. */
function parts(text: string) {
  expect(text).not.toMatch(BREAKABLE_SPACE);
  const spaced = text.replace(/\u00a0/g, ' ');
  const index = spaced.indexOf(TECHNICAL);
  expect(index).toBeGreaterThan(0);
  return { plain: spaced.slice(0, index), technical: spaced.slice(index) };
}

describe('the CRM webhook’s alert e-mails', () => {
  it('say in plain words that the CRM did not receive what was sent, and what to do', () => {
    const mail = alert('exhausted', 1);
    expect(mail.subject).toBe('Le logiciel client (CRM) n’a pas reçu 1 envoi');
    const { plain, technical } = parts(mail.text);
    expect(plain).toContain('Un envoi n’est pas arrivé dans votre logiciel client (CRM)');
    expect(plain).toContain('Le 28 novembre 2026 à 14:05, un envoi vers votre logiciel client');
    expect(plain).toContain('1 envoi attend d’être renvoyé à la main');
    expect(plain).toContain('Rien n’est perdu');
    expect(plain).toContain('« Tout renvoyer »');
    expect(plain).toContain(
      'Page Intégrations de l’espace équipe :\nhttps://www.calora.example/equipe/integrations',
    );
    expect(`${mail.subject}\n${plain}`).not.toMatch(DEVELOPER_WORDS);
    expect(technical).toContain(`Webhook : ${ENDPOINT}`);
    expect(technical).toContain('1 événement est à l’état « failed »');
    expect(technical).toContain('WEBHOOK_RETRY_DELAYS');
    expect(alert('exhausted', 3).subject).toBe('Le logiciel client (CRM) n’a pas reçu 3 envois');
    expect(alert('exhausted', 3).text).toContain('3 envois attendent d’être renvoyés à la main');
  });

  it('say that the CRM no longer receives anything after it asked to stop; the 410 and the setting in the details', () => {
    const mail = alert('gone', 2);
    expect(mail.subject).toBe('Le logiciel client (CRM) ne reçoit plus les demandes');
    const { plain, technical } = parts(mail.text);
    expect(plain).toContain('Les envois vers votre logiciel client (CRM) sont arrêtés');
    expect(plain).toContain('l’adresse où le site lui envoie les demandes n’existe plus');
    expect(plain).toContain('« Réactiver »');
    expect(`${mail.subject}\n${plain}`).not.toMatch(DEVELOPER_WORDS);
    expect(technical).toContain('Réponse HTTP 410 (Gone)');
    expect(technical).toContain('WEBHOOK_URL');
    expect(technical).toContain(ENDPOINT);
  });

  it('fold the technical details in the HTML part, after the link', () => {
    for (const kind of ['exhausted', 'gone'] as const) {
      const html = alert(kind, 1).html.replace(/\u00a0/g, ' ');
      const details = html.indexOf('<details');
      expect(details).toBeGreaterThan(html.indexOf('/equipe/integrations'));
      expect(html).toContain(`<summary style="font-weight:bold;">${TECHNICAL}</summary>`);
      expect(html.slice(0, details)).not.toMatch(DEVELOPER_WORDS);
      expect(html.slice(details)).toContain(ENDPOINT);
      expect(html.slice(details)).toMatch(/WEBHOOK_(URL|RETRY_DELAYS)/);
    }
  });
});
