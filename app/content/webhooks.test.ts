import { describe, expect, it } from 'vitest';

import type { IntegrationsPage } from '#contracts/staff/webhooks-contract.ts';
import { formatDateTime } from './staff.ts';
import {
  attemptOutcome,
  attemptSucceeded,
  endpointStateLabel,
  endpointStatePlain,
  formatDurationMs,
  integrationsSummary,
} from './webhooks.ts';

describe('the CRM webhook in French', () => {
  it('names the endpoint’s three states, with the date a 410 disabled it', () => {
    expect(endpointStateLabel('active', null)).toBe('Actif');
    const at = Date.UTC(2026, 10, 26, 9, 30);
    expect(endpointStateLabel('disabled', at)).toBe(
      `Désactivé après une réponse 410 (Gone), le ${formatDateTime(at)}`,
    );
    expect(endpointStateLabel('failing', null)).toBe(
      'En échec : des envois attendent d’être renvoyés',
    );
  });

  it('says plainly whether the CRM got what was sent, one failure or several', () => {
    const failing = (failedTotal: number): Extract<IntegrationsPage, { configured: true }> => ({
      configured: true,
      endpoint: { url: 'https://crm.example/h', state: 'failing', disabledAt: null },
      pending: 0,
      failed: [],
      failedTotal,
      recent: [],
      now: 0,
    });
    expect(integrationsSummary(failing(1))).toMatch(
      /\(CRM\)\u00a0: le CRM n’a pas reçu 1 envoi\u00a0; renvoyez-le ci-dessous quand il fonctionne de nouveau\.$/,
    );
    expect(integrationsSummary(failing(2))).toMatch(/n’a pas reçu 2 envois\u00a0; renvoyez-les /);
    expect(endpointStatePlain(failing(2))).toBe(
      'En échec\u00a0: des envois attendent d’être renvoyés',
    );
    // The last attempt failed and another is due: nothing waits for « Renvoyer » yet.
    expect(integrationsSummary(failing(0))).toMatch(
      /\u00a0: le dernier envoi n’est pas arrivé, un nouvel essai est prévu\.$/,
    );
    expect(endpointStatePlain(failing(0))).toBe(
      'Le dernier envoi n’est pas arrivé\u00a0: nouvel essai prévu',
    );
  });

  it('writes an attempt’s status or error, and tells a 2xx from the rest', () => {
    expect(attemptOutcome({ httpStatus: 200, error: null })).toBe('HTTP 200');
    expect(attemptOutcome({ httpStatus: 500, error: 'réponse HTTP 500' })).toBe('réponse HTTP 500');
    expect(attemptOutcome({ httpStatus: 302, error: 'redirection 302 non suivie' })).toBe(
      'redirection 302 non suivie',
    );
    expect(attemptOutcome({ httpStatus: null, error: 'connexion refusée' })).toBe(
      'connexion refusée',
    );
    expect(attemptOutcome({ httpStatus: null, error: null })).toBe('—');
    expect(attemptSucceeded({ httpStatus: 204 })).toBe(true);
    expect(attemptSucceeded({ httpStatus: 302 })).toBe(false);
    expect(attemptSucceeded({ httpStatus: null })).toBe(false);
  });

  it('writes durations in milliseconds, French style', () => {
    expect(formatDurationMs(7.6)).toBe('8\u00a0ms');
    expect(formatDurationMs(15000)).toBe('15\u202f000\u00a0ms');
  });
});
