// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { formatDateTime } from '#app/content/staff.ts';
import type {
  IntegrationsPage,
  PersonNamed,
  WebhookEventView,
} from '#contracts/staff/webhooks-contract.ts';
import { IntegrationsScreen } from './integrations-screen.tsx';

const AT = Date.UTC(2026, 10, 26, 9, 30, 15);
const LEAD = '3f2a9c1e-0000-4000-8000-000000000001';
const FAILED_ID = 'msg_0123456789abcdef0123456789abcdef';
const OTHER_ID = 'msg_fedcba9876543210fedcba9876543210';

function failed(
  webhookId: string,
  overrides: Partial<WebhookEventView & PersonNamed> = {},
): WebhookEventView & PersonNamed {
  return {
    webhookId,
    person: 'Élise Durand',
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

const DOES =
  'Cette page suit l’envoi automatique des demandes au logiciel client de l’entreprise (CRM)';
/** What a salesperson should not have to read outside « Détails techniques ». */
const DEVELOPER_WORDS =
  /[Ww]ebhook|WEBHOOK_|HTTP|\b410\b|Gone|failed|[Éé]vénement|point de réception|msg_|https?:|\d\sms\b/;

/**
 * The page's text outside its « Détails techniques » (closed or not), checked for French
 * spacing on the way: no breakable space before : ; ? ! » nor after «.
 */
function plainText(): string {
  const copy = document.body.cloneNode(true) as HTMLElement;
  for (const details of copy.querySelectorAll('details')) details.remove();
  const text = copy.textContent ?? '';
  expect(text).not.toMatch(/ [:;?!»]|« /);
  return text;
}

function renderPage(page: IntegrationsPage) {
  const router = createMemoryRouter(
    [{ path: '*', element: <IntegrationsScreen page={page} />, loader: () => null }],
    { initialEntries: ['/equipe/integrations'] },
  );
  render(<RouterProvider router={router} />);
}

describe('the integrations page', () => {
  it('says in one sentence that nothing is sent, the settings folded in the details', async () => {
    renderPage({ configured: false });
    expect(
      await screen.findByText(
        `${DOES} : cet envoi n’est pas mis en place, les demandes restent seulement dans l’espace équipe.`,
      ),
    ).toBeVisible();
    expect(plainText()).not.toMatch(DEVELOPER_WORDS);
    const section = screen.getByRole('region', { name: 'Aucun envoi au CRM' });
    expect(section).not.toHaveTextContent('WEBHOOK_URL');
    const details = screen.getByText('Détails techniques').closest('details')!;
    expect(details).not.toHaveAttribute('open');
    expect(details).toHaveTextContent(/WEBHOOK_URL.*WEBHOOK_SECRET/);
    expect(screen.queryByRole('button', { name: 'Envoyer un test' })).toBeNull();
  });

  it('says that it works and when the CRM last received a delivery; the address is in the details', async () => {
    renderPage(
      configured({
        recent: [
          {
            webhookId: FAILED_ID,
            type: 'lead.created',
            leadId: LEAD,
            person: 'Élise Durand',
            at: AT,
            durationMs: 12,
            httpStatus: 200,
            error: null,
          },
        ],
      }),
    );
    expect(
      await screen.findByText(
        `${DOES} : il fonctionne, le dernier envoi est arrivé dans le CRM le ${formatDateTime(AT)}, 3 envois en attente.`,
      ),
    ).toBeVisible();
    const endpoint = screen.getByRole('region', { name: 'État de l’envoi au CRM' });
    expect(endpoint).toHaveTextContent('Fonctionne');
    expect(endpoint).toHaveTextContent(/Envois en attente\s*3/);
    expect(endpoint).not.toHaveTextContent('https://');
    expect(within(endpoint).getByRole('button', { name: 'Envoyer un test' })).toBeEnabled();
    expect(within(endpoint).queryByRole('button', { name: 'Réactiver' })).toBeNull();
    expect(screen.getByText('Aucun envoi en échec.')).toBeVisible();
    const details = screen.getByText('Détails techniques').closest('details')!;
    expect(details).toHaveTextContent('https://crm.example/hooks/calora');
    expect(details).not.toHaveAttribute('open');
  });

  it('says when the CRM stopped the deliveries, and offers « Réactiver »', async () => {
    renderPage(
      configured({ endpoint: { url: 'https://crm.example/h', state: 'disabled', disabledAt: AT } }),
    );
    const endpoint = await screen.findByRole('region', { name: 'État de l’envoi au CRM' });
    expect(endpoint).toHaveTextContent(
      `Arrêté : le CRM a demandé l’arrêt des envois le ${formatDateTime(AT)}`,
    );
    expect(endpoint).toHaveTextContent(
      'Le CRM ne reçoit plus rien : il a fait savoir que l’adresse où le site lui envoie les demandes n’existe plus.',
    );
    expect(plainText()).not.toMatch(DEVELOPER_WORDS);
    const details = screen.getByText('Détails techniques').closest('details')!;
    expect(details).toHaveTextContent(
      `Désactivé après une réponse 410 (Gone), le ${formatDateTime(AT)}`,
    );
    expect(details).toHaveTextContent(/WEBHOOK_URL.*WEBHOOK_SECRET/);
    expect(within(endpoint).getByRole('button', { name: 'Réactiver' })).toBeEnabled();
  });

  it('names each failure by the person and the event in words, ids and responses in the details', async () => {
    renderPage(
      configured({
        endpoint: { url: 'https://crm.example/h', state: 'failing', disabledAt: null },
        failed: [
          failed(FAILED_ID),
          failed(OTHER_ID, { type: 'lead.erased', person: null, attempts: [] }),
        ],
        failedTotal: 140,
      }),
    );
    await screen.findByText(
      `${DOES} : le CRM n’a pas reçu 140 envois ; renvoyez-les ci-dessous quand il fonctionne de nouveau.`,
    );
    expect(screen.getByRole('region', { name: 'Envois en échec' })).toHaveTextContent(
      'Le CRM n’a pas reçu ces envois, malgré plusieurs essais, et le site ne réessaiera plus de lui-même.',
    );
    expect(plainText()).not.toMatch(DEVELOPER_WORDS);
    const table = screen.getByRole('table', {
      name: 'Envois en échec, du plus récent au plus ancien',
    });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Nouvelle demande de Élise Durand');
    expect(within(first!).getByRole('link', { name: 'Élise Durand' })).toHaveAttribute(
      'href',
      `/equipe/demandes/${LEAD}`,
    );
    expect(first).toHaveTextContent(`du ${formatDateTime(AT)}`);
    expect(within(first!).getAllByRole('cell')[0]).toHaveTextContent(
      /^Non reçu \(dernier essai le /,
    );
    expect(first).not.toHaveTextContent(FAILED_ID);
    expect(first).not.toHaveTextContent('délai dépassé');
    // An erased person is not named nor linked: the request's page no longer exists.
    expect(second).toHaveTextContent('Effacement d’une demande');
    expect(within(second!).queryByRole('link')).toBeNull();
    expect(second).toHaveTextContent('Aucun essai');

    const at = formatDateTime(AT);
    expect(
      screen.getByRole('button', { name: `Renvoyer : Nouvelle demande de Élise Durand (${at})` }),
    ).toBeEnabled();
    expect(
      screen.getByRole('button', {
        name: `Renvoyer : Effacement d’une demande (par l’équipe, par le demandeur ou en fin de conservation) (${at})`,
      }),
    ).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Tout renvoyer' })).toBeEnabled();
    expect(screen.getByText(/Les 2 plus récents sur 140 envois en échec\./)).toBeVisible();
    const ids = screen.getByRole('table', {
      name: /^Envois en échec\s: identifiants, essais et dernières réponses$/,
    });
    const [, firstIds] = within(ids).getAllByRole('row');
    expect(firstIds).toHaveTextContent(FAILED_ID);
    expect(firstIds).toHaveTextContent('délai dépassé (15 s)');
    expect(within(firstIds!).getAllByRole('cell')[1]).toHaveTextContent('2');
    expect(screen.getByText('Détails techniques').closest('details')).toHaveTextContent(
      'retenté selon WEBHOOK_RETRY_DELAYS ; après son dernier essai il passe à l’état failed',
    );
  });

  it('lists the recent deliveries in words; ids, responses and durations in the details', async () => {
    renderPage(
      configured({
        recent: [
          {
            webhookId: FAILED_ID,
            type: 'webhook.test',
            leadId: null,
            person: null,
            at: AT,
            durationMs: 1234,
            httpStatus: 200,
            error: null,
          },
          {
            webhookId: OTHER_ID,
            type: 'lead.status_changed',
            leadId: LEAD,
            person: 'Élise Durand',
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
    expect(test).toHaveTextContent('Envoi de test');
    expect(test).toHaveTextContent('Reçu par le CRM');
    expect(test).not.toHaveTextContent(FAILED_ID);
    expect(test).not.toHaveTextContent(/ms$/);
    expect(change).toHaveTextContent('Changement de statut de la demande de Élise Durand');
    expect(change).toHaveTextContent('Non reçu');
    expect(within(change!).getByRole('link', { name: 'Élise Durand' })).toBeVisible();
    const technical = screen.getByRole('table', {
      name: 'Derniers essais : identifiants, réponses et durées',
    });
    const [, testIds, changeIds] = within(technical).getAllByRole('row');
    expect(testIds).toHaveTextContent(FAILED_ID);
    expect(testIds).toHaveTextContent('HTTP 200');
    expect(testIds).toHaveTextContent(/1\s234\sms/);
    expect(changeIds).toHaveTextContent('connexion refusée');
  });
});
