// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { formatDateTime } from '#app/content/staff.ts';
import type { LeadWebhooks, WebhookEventView } from '#contracts/staff/webhooks-contract.ts';
import { LeadDeliveries } from './lead-deliveries.tsx';

const AT = Date.UTC(2026, 10, 26, 9, 30, 15);
const LEAD = '3f2a9c1e-0000-4000-8000-000000000001';

function event(webhookId: string, overrides: Partial<WebhookEventView> = {}): WebhookEventView {
  return {
    webhookId,
    type: 'lead.created',
    status: 'delivered',
    leadId: LEAD,
    createdAt: AT,
    deliveredAt: AT + 40,
    nextAttemptAt: null,
    attempts: [{ at: AT, durationMs: 40, httpStatus: 204, error: null }],
    ...overrides,
  };
}

const ids = {
  created: `msg_${'a'.repeat(32)}`,
  status: `msg_${'b'.repeat(32)}`,
  failed: `msg_${'c'.repeat(32)}`,
  cancelled: `msg_${'d'.repeat(32)}`,
};

function show(initial: LeadWebhooks | null) {
  return render(<LeadDeliveries leadId={LEAD} initial={initial} refreshKey={0} />);
}

describe('a request’s deliveries to the CRM', () => {
  it('shows nothing without a webhook', () => {
    const { container } = show({ configured: false, events: [] });
    expect(container).toBeEmptyDOMElement();
  });

  it('lists each event with its state in French and its attempts', () => {
    show({
      configured: true,
      events: [
        event(ids.created),
        event(ids.status, {
          type: 'lead.status_changed',
          status: 'pending',
          deliveredAt: null,
          nextAttemptAt: AT + 300_000,
          attempts: [
            { at: AT + 5, durationMs: 15_000, httpStatus: null, error: 'délai dépassé (15 s)' },
          ],
        }),
        event(ids.failed, {
          type: 'lead.status_changed',
          status: 'failed',
          deliveredAt: null,
          attempts: [
            { at: AT, durationMs: 8, httpStatus: 500, error: 'réponse HTTP 500' },
            { at: AT + 1000, durationMs: 9, httpStatus: 503, error: 'réponse HTTP 503' },
          ],
        }),
        event(ids.cancelled, {
          type: 'lead.status_changed',
          status: 'cancelled',
          deliveredAt: null,
          attempts: [],
        }),
      ],
    });
    const section = screen.getByRole('region', { name: 'Envois au CRM' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    const [created, pending, failed, cancelled] = items;

    expect(created).toHaveTextContent('Nouvelle demande');
    expect(created).toHaveTextContent(`Livré le ${formatDateTime(AT + 40)}`);
    const attempts = within(created!).getByRole('table', {
      name: `Essais de l’envoi « Nouvelle demande » (${ids.created})`,
    });
    expect(within(attempts).getAllByRole('row')[1]).toHaveTextContent(/HTTP 204\s*40\sms/);

    expect(pending).toHaveTextContent('Changement de statut');
    expect(pending).toHaveTextContent(
      `En attente, prochain essai le ${formatDateTime(AT + 300_000)}`,
    );
    expect(pending).toHaveTextContent('délai dépassé');

    expect(failed).toHaveTextContent('Échec');
    expect(within(failed!).getAllByRole('row')).toHaveLength(3);
    expect(
      within(failed!).getByRole('button', { name: `Renvoyer l’événement ${ids.failed}` }),
    ).toBeEnabled();

    expect(cancelled).toHaveTextContent('Annulé (effacement)');
    expect(cancelled).toHaveTextContent('Aucun essai');
    // « Renvoyer » only on the failed event.
    expect(within(section).getAllByRole('button', { name: /^Renvoyer/ })).toHaveLength(1);
  });

  it('says when the deliveries could not be loaded, and offers to load them again', () => {
    show(null);
    const section = screen.getByRole('region', { name: 'Envois au CRM' });
    expect(section).toHaveTextContent('n’ont pas pu être chargés');
    expect(within(section).getByRole('button', { name: 'Actualiser' })).toBeEnabled();
  });

  it('says when the request has caused no delivery yet', () => {
    show({ configured: true, events: [] });
    expect(screen.getByText('Aucun envoi pour cette demande.')).toBeVisible();
  });
});
