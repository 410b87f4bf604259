// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import type { ContactChoice } from '#contracts/contact/contact-choice.ts';
import type { InboxPage, LeadPage, RowClock } from '#contracts/staff/contract.ts';
import { InboxTable } from '#app/components/staff/inbox-table.tsx';
import { CallPanel } from './call-panel.tsx';

// toHaveTextContent collapses white space, the no-break spaces of the dates included.

/**
 * A request to answer by e-mail only reads as e-mail work on the staff pages (ADR 0036): « À
 * répondre avant … » in the list and on its page, « Aucune réponse enregistrée. », never « à
 * rappeler »; a request by phone keeps the call words. The deadline is written the one way
 * (« lundi 30 novembre, fin de journée », never 24:00).
 */
afterEach(cleanup);

const PARIS = 'Europe/Paris';
const NOW = Date.parse('2026-11-30T10:00:00+01:00');
/** The end of Monday 30 November. */
const END_OF_MONDAY = Date.parse('2026-12-01T00:00:00+01:00');
const EMAIL: ContactChoice = { channel: 'email', days: [], slots: [] };
const PHONE: ContactChoice = { channel: 'telephone', days: [], slots: [] };

const clock: RowClock = {
  dueAt: END_OF_MONDAY,
  firstCallAt: null,
  reachedAt: null,
  reachedBy: null,
  reachedAfterMs: null,
  attempts: 0,
  lastAttemptAt: null,
  wrongNumber: false,
  closed: false,
};

function row(id: string, nom: string, choice: ContactChoice): InboxPage['rows'][number] {
  return {
    id,
    createdAt: NOW - 3_600_000,
    prenom: 'Léa',
    nom,
    email: `${id}@exemple.example`,
    telephone: '06 12 34 56 78',
    produit: 'HP flottante',
    clientType: 'professionnel',
    contactChannel: choice.channel,
    status: 'nouveau',
    sourcePage: null,
    delivery: [],
    owner: null,
    ownerAbsent: false,
    clock,
    standing: 'a-rappeler',
  };
}

function leadPage(choice: ContactChoice, closed = false): LeadPage {
  const { clock: _, standing: __, ...fields } = row('lead', 'Martin', choice);
  return {
    ...fields,
    people: [],
    adresse: '1 rue X',
    message: '',
    consent: { text: 'J’accepte…', version: '2026-12-01', givenAt: NOW },
    contact: {
      choice,
      text: '',
      version: '',
      givenAt: NOW,
      dueAt: END_OF_MONDAY,
      changedAt: null,
      phoneWithdrawnAt: null,
    },
    campaign: { source: null, medium: null, campaign: null },
    related: [],
    mails: [],
    notes: [],
    audit: [],
    clock: { ...clock, closed },
    now: NOW,
    timeZone: PARIS,
    calls: [],
    history: [],
    callsLast30Days: 0,
    window: { open: true, closesAt: NOW + 3_600_000 },
    chosenSlot: null,
  };
}

function renderInRouter(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/equipe'] });
  render(<RouterProvider router={router} />);
}

const page = (searching: boolean) => (
  <InboxTable
    page={{
      rows: [row('mail', 'Courriel', EMAIL), row('phone', 'Telephone', PHONE)],
      people: [],
      now: NOW,
      timeZone: PARIS,
      overdue: 0,
      total: 2,
      page: 1,
      pageSize: 25,
      products: [],
    }}
    view="a-rappeler"
    now={NOW}
    searching={searching}
  />
);

describe('the inbox list', () => {
  it('says « À répondre avant » for the e-mail only, « À rappeler avant » for the phone', () => {
    renderInRouter(page(true));
    expect(screen.getByRole('columnheader', { name: 'Échéance' })).toBeInTheDocument();
    const [, mail, phone] = screen.getAllByRole('row');
    expect(mail).toHaveTextContent('À répondre avant lundi 30 novembre, fin de journée');
    expect(mail).toHaveTextContent('À répondre');
    expect(mail!.textContent).not.toMatch(/rappel|24:00|24\sh/i);
    expect(phone).toHaveTextContent('À rappeler avant lundi 30 novembre, fin de journée');
    // A search's standing: to answer, or to call back.
    expect(within(mail!).getAllByText('À répondre')).not.toHaveLength(0);
    expect(within(phone!).getAllByText('À rappeler')).not.toHaveLength(0);
  });
});

describe('the request’s page', () => {
  it('an e-mail-only request: e-mail words, no call words', () => {
    renderInRouter(<CallPanel lead={leadPage(EMAIL)} onChange={() => {}} />);
    const panel = screen.getByRole('region', { name: 'Réponse par e-mail' });
    expect(panel).toHaveTextContent('À répondre avant');
    expect(panel).toHaveTextContent('lundi 30 novembre, fin de journée');
    expect(panel).toHaveTextContent('Aucune réponse enregistrée.');
    expect(panel.textContent).not.toMatch(/rappeler|Aucun appel|24:00/);
  });

  it('an e-mail-only request closed: no delay of an answer', () => {
    renderInRouter(<CallPanel lead={leadPage(EMAIL, true)} onChange={() => {}} />);
    expect(screen.getByRole('region', { name: 'Réponse par e-mail' })).toHaveTextContent(
      'Demande close : plus de délai de réponse.',
    );
  });

  it('a phone request keeps the call words', () => {
    renderInRouter(<CallPanel lead={leadPage(PHONE)} onChange={() => {}} />);
    const panel = screen.getByRole('region', { name: 'Rappel' });
    expect(panel).toHaveTextContent('À rappeler avant');
    expect(panel).toHaveTextContent('lundi 30 novembre, fin de journée');
    expect(panel).toHaveTextContent('Aucun appel enregistré.');
  });
});
