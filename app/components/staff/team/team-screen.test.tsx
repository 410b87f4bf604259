// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { TEAM_API, type TeamPerson } from '#contracts/staff/team.ts';
import { TeamScreen } from './team-screen.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ANNE: TeamPerson = {
  id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Anne',
  lastName: 'Durand',
  email: 'anne@calora-energies.example',
  role: 'responsable',
  active: true,
  absence: null,
};
const PAUL: TeamPerson = {
  ...ANNE,
  id: '22222222-2222-4222-8222-222222222222',
  firstName: '',
  lastName: '',
  email: 'paul@calora-energies.example',
  role: 'commercial',
  active: false,
};

function renderScreen(props: Parameters<typeof TeamScreen>[0]) {
  const router = createMemoryRouter([{ path: '*', element: <TeamScreen {...props} /> }], {
    initialEntries: ['/equipe/equipe'],
  });
  render(<RouterProvider router={router} />);
}

describe('TeamScreen', () => {
  it('lists each person with their role, state and the actions that apply', () => {
    renderScreen({ people: [ANNE, PAUL] });
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Anne Durand');
    expect(items[0]).toHaveTextContent('Responsable · Accès actif');
    expect(within(items[0]!).getByRole('button', { name: 'Passer commercial' })).toBeVisible();
    expect(within(items[0]!).getByRole('button', { name: 'Désactiver' })).toBeVisible();
    // No name given (an address of STAFF_EMAILS): the address stands for it.
    expect(items[1]).toHaveTextContent('paul@calora-energies.example');
    expect(items[1]).toHaveTextContent('Commercial · Accès désactivé');
    expect(
      within(items[1]!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Réactiver']);
  });

  it('shows the server’s refusal, such as the last responsable’s', async () => {
    const refusal = 'L’équipe doit garder au moins un responsable actif.';
    const fetchMock = vi.fn(async () => Response.json({ error: refusal }, { status: 409 }));
    vi.stubGlobal('fetch', fetchMock);
    renderScreen({ people: [ANNE] });
    await userEvent.click(screen.getByRole('button', { name: 'Désactiver' }));
    const dialog = screen.getByRole('dialog', { name: 'Désactiver Anne Durand' });
    // Alone in the team: no colleague to choose, the rule takes the requests.
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Selon la règle d’attribution']);
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Confirmer la désactivation' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(fetchMock).toHaveBeenCalledWith(
      TEAM_API.deactivate(ANNE.id),
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ reprise: 'regle' }) }),
    );
  });

  it('tells a commercial why the page is closed, and shows no one', () => {
    renderScreen({ people: [], forbidden: 'Seul un responsable peut gérer l’équipe.' });
    expect(screen.getByRole('heading', { level: 1, name: 'Équipe' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Seul un responsable');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
