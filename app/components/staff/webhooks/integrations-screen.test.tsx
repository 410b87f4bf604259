// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { formatDateTime } from '../../../content/staff';
import type {
  IntegrationsPage,
  WebhookEventView,
} from '../../../../contracts/staff/webhooks-contract';
import { IntegrationsScreen } from './integrations-screen';

const AT = Date.UTC(2026, 10, 26, 9, 30, 15);
const LEAD = '3f2a9c1e-0000-4000-8000-000000000001';
const FAILED_ID = 'msg_0123456789abcdef0123456789abcdef';
const OTHER_ID = 'msg_fedcba9876543210fedcba9876543210';

function failed(webhookId: string, overrides: Partial<WebhookEventView> = {}): WebhookEventView {
  return {
    webhookId,
    type: 'lead.created',
    status: 'failed',
    leadId: LEAD,
    createdAt: AT,
    deliveredAt: null,
    nextAttemptAt: null,
    attempts: [
      { at: AT, durationMs: 12, httpStatus: 500, error: 'réponse HTTP 500' },
      { at: AT + 1000, durationMs: 15_000, httpStatus: null, error: 'délai dépassé (15 s)' },
    ],
    ...overrides,
  };
}

function configured(overrides: Partial<Extract<IntegrationsPage, { configured: true }>> = {}) {
  return {
    configured: true,
    endpoint: { url: 'https://crm.example/hooks/calora', state: 'active', disabledAt: null },
    pending: 3,
    failed: [],
    failedTotal: 0,
    recent: [],
    now: AT,
    ...overrides,
  } satisfies IntegrationsPage;
}

function renderPage(page: IntegrationsPage) {
  const router = createMemoryRouter(
    [{ path: '*', element: <IntegrationsScreen page={page} />, loader: () => null }],
    { initialEntries: ['/equipe/integrations'] },
  );
  render(<RouterProvider router={router} />);
}

describe('the integrations page', () => {
  it('says which settings enable the webhook when none is configured', async () => {
    renderPage({ configured: false });
    const section = await screen.findByRole('region', { name: 'Aucun webhook configuré' });
    expect(section).toHaveTextContent(/WEBHOOK_URL.*WEBHOOK_SECRET/);
    expect(screen.queryByRole('button', { name: 'Envoyer un test' })).toBeNull();
  });

  it('shows an active endpoint, its pending count, and a test but no « Réactiver »', async () => {
    renderPage(configured());
    const endpoint = await screen.findByRole('region', { name: 'Point de réception' });
    expect(endpoint).toHaveTextContent('https://crm.example/hooks/calora');
    expect(endpoint).toHaveTextContent('Actif');
    expect(endpoint).toHaveTextContent(/Envois en attente\s*3/);
    expect(within(endpoint).getByRole('button', { name: 'Envoyer un test' })).toBeEnabled();
    expect(within(endpoint).queryByRole('button', { name: 'Réactiver' })).toBeNull();
    expect(screen.getByText('Aucun envoi en échec.')).toBeVisible();
    expect(screen.getByText('Aucun envoi pour l’instant.')).toBeVisible();
  });

  it('names a disabled endpoint’s 410 and its date, and offers « Réactiver »', async () => {
    renderPage(
      configured({ endpoint: { url: 'https://crm.example/h', state: 'disabled', disabledAt: AT } }),
    );
    const endpoint = await screen.findByRole('region', { name: 'Point de réception' });
    expect(endpoint).toHaveTextContent(
      `Désactivé après une réponse 410 (Gone), le ${formatDateTime(AT)}`,
    );
    expect(within(endpoint).getByRole('button', { name: 'Réactiver' })).toBeEnabled();
  });

  it('lists the failures with a « Renvoyer » per row that names its event', async () => {
    renderPage(
      configured({
        endpoint: { url: 'https://crm.example/h', state: 'failing', disabledAt: null },
        failed: [failed(FAILED_ID), failed(OTHER_ID, { type: 'lead.erased', attempts: [] })],
        failedTotal: 140,
      }),
    );
    await screen.findByText('En échec : des envois attendent d’être renvoyés');
    const table = screen.getByRole('table', {
      name: 'Envois en échec, du plus récent au plus ancien',
    });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Nouvelle demande');
    expect(within(first!).getByRole('link', { name: 'Demande 3f2a9c1e' })).toHaveAttribute(
      'href',
      `/equipe/demandes/${LEAD}`,
    );
    // The last attempt's outcome, and the number of attempts.
    expect(first).toHaveTextContent('délai dépassé');
    expect(within(first!).getAllByRole('cell').at(-2)).toHaveTextContent('2');
    // An erased request is not linked: its page no longer exists.
    expect(second).toHaveTextContent('Effacement');
    expect(second).toHaveTextContent('Demande effacée');
    expect(within(second!).queryByRole('link')).toBeNull();
    expect(second).toHaveTextContent('Aucun essai');

    expect(screen.getByRole('button', { name: `Renvoyer l’événement ${FAILED_ID}` })).toBeEnabled();
    expect(screen.getByRole('button', { name: `Renvoyer l’événement ${OTHER_ID}` })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Tout renvoyer' })).toBeEnabled();
    expect(screen.getByText(/Les 2 plus récents sur 140 envois en échec\./)).toBeVisible();
  });

  it('lists the recent attempts: time, event, webhook-id, status or error, duration', async () => {
    renderPage(
      configured({
        recent: [
          {
            webhookId: FAILED_ID,
            type: 'webhook.test',
            leadId: null,
            at: AT,
            durationMs: 1234,
            httpStatus: 200,
            error: null,
          },
          {
            webhookId: OTHER_ID,
            type: 'lead.status_changed',
            leadId: LEAD,
            at: AT - 1000,
            durationMs: 3,
            httpStatus: null,
            error: 'connexion refusée',
          },
        ],
      }),
    );
    const table = await screen.findByRole('table', {
      name: 'Derniers essais d’envoi, du plus récent au plus ancien',
    });
    const [, test, change] = within(table).getAllByRole('row');
    expect(test).toHaveTextContent('Test');
    expect(test).toHaveTextContent(FAILED_ID);
    expect(test).toHaveTextContent('HTTP 200');
    expect(test).toHaveTextContent(/1\s234\sms/);
    expect(change).toHaveTextContent('Changement de statut');
    expect(change).toHaveTextContent('connexion refusée');
    expect(within(change!).getByRole('link', { name: 'Demande 3f2a9c1e' })).toBeVisible();
  });
});
