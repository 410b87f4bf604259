// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { OWNERSHIP_API } from '#contracts/staff/ownership.ts';
import { TEAM_API, type MyAccount, type TeamPerson } from '#contracts/staff/team.ts';
import { AccountScreen } from './account-screen.tsx';
import { TeamScreen, type TeamPageData } from './team-screen.tsx';

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
const LEA: TeamPerson = {
  ...ANNE,
  id: '33333333-3333-4333-8333-333333333333',
  firstName: 'Léa',
  lastName: 'Martin',
  email: 'lea@calora-energies.example',
  role: 'commercial',
  absence: { du: '2099-07-01', au: '2099-07-14' },
};

function renderAt(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/equipe'] });
  render(<RouterProvider router={router} />);
}

/** The calls the page made: method, path and JSON body. */
function stubFetch() {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      calls.push({
        method: init.method ?? 'GET',
        path,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      return Response.json({ ...LEA, absence: null });
    }),
  );
  return calls;
}

const page = (extra: Partial<TeamPageData> = {}) => <TeamScreen people={[ANNE, LEA]} {...extra} />;

describe('the team page’s additions', () => {
  it('hands a deactivated person’s requests to the colleague chosen in the dialog', async () => {
    const calls = stubFetch();
    renderAt(page());
    const lea = screen.getAllByRole('listitem')[1]!;
    expect(lea).toHaveTextContent('Absent(e) du 1er juillet 2099 au 14 juillet 2099');
    await userEvent.click(within(lea).getByRole('button', { name: 'Désactiver' }));
    const dialog = within(lea).getByRole('dialog', { name: 'Désactiver Léa Martin' });
    expect(within(dialog).getByRole('radio', { name: /Selon la règle/ })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('radio', { name: /une personne de l’équipe/ }));
    expect(within(dialog).getByLabelText('Personne qui les reprend')).toHaveValue(ANNE.id);
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Confirmer la désactivation' }),
    );
    expect(calls).toEqual([
      { method: 'POST', path: TEAM_API.deactivate(LEA.id), body: { reprise: ANNE.id } },
    ]);
  });

  it('sets and ends an absence, and renames a person', async () => {
    const calls = stubFetch();
    renderAt(page());
    const lea = screen.getAllByRole('listitem')[1]!;
    await userEvent.click(within(lea).getByText('Absence'));
    const from = within(lea).getByLabelText('Premier jour');
    await userEvent.clear(from);
    await userEvent.type(from, '2099-07-02');
    await userEvent.click(within(lea).getByRole('button', { name: 'Enregistrer l’absence' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Léa Martin : absent(e) du 2 juillet 2099 au 14 juillet 2099.',
    );
    await userEvent.click(within(lea).getByRole('button', { name: 'Supprimer l’absence' }));
    const anne = screen.getAllByRole('listitem')[0]!;
    await userEvent.click(within(anne).getByText('Modifier le nom'));
    await userEvent.clear(within(anne).getByLabelText('Prénom'));
    await userEvent.type(within(anne).getByLabelText('Prénom'), 'Annie');
    await userEvent.click(within(anne).getByRole('button', { name: 'Enregistrer le nom' }));
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: TEAM_API.absence(LEA.id),
        body: { du: '2099-07-02', au: '2099-07-14' },
      },
      { method: 'DELETE', path: TEAM_API.absence(LEA.id), body: undefined },
      {
        method: 'PUT',
        path: TEAM_API.name(ANNE.id),
        body: { firstName: 'Annie', lastName: 'Durand' },
      },
    ]);
  });

  it('saves the assignment rule « Par département » with its table, and the visibility', async () => {
    const calls = stubFetch();
    renderAt(
      page({
        settings: { regle: 'chacun_son_tour', commerciauxVoientTout: true, departements: {} },
      }),
    );
    const form = screen.getByRole('region', { name: 'Règle d’attribution' });
    expect(within(form).getByRole('radio', { name: /^Chacun son tour/ })).toBeChecked();
    await userEvent.click(within(form).getByRole('radio', { name: /^Par département/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter un département' }));
    await userEvent.type(within(form).getByLabelText('Département'), '2a');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Personne' }), LEA.id);
    await userEvent.click(within(form).getByRole('checkbox', { name: /Les commerciaux voient/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer les réglages' }));
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: OWNERSHIP_API.settings,
        body: {
          regle: 'par_departement',
          commerciauxVoientTout: false,
          departements: { '2A': LEA.id },
        },
      },
    ]);
  });

  it('shows each person’s counters and the team’s history in words', () => {
    renderAt(
      page({
        counters: {
          days: 30,
          promiseHours: 4,
          people: [
            {
              person: { id: LEA.id, name: 'Léa Martin', active: true },
              received: 12,
              withinPromiseShare: 0.75,
              medianMs: 2 * 60 * 60 * 1000 + 14 * 60 * 1000,
            },
          ],
        },
        history: {
          timeZone: 'Europe/Paris',
          entries: [
            {
              at: Date.UTC(2026, 10, 28, 13, 2),
              actor: ANNE.email,
              action: 'team_absence',
              detail: `${LEA.email} 2099-07-01 2099-07-14`,
            },
            {
              at: Date.UTC(2026, 10, 28, 12, 0),
              actor: 'operator',
              action: 'team_settings',
              detail: 'par_departement voient_tout=0 departements=13,2A',
            },
          ],
        },
      }),
    );
    const table = screen.getByRole('table');
    expect(within(table).getByRole('row', { name: /Léa Martin/ })).toHaveTextContent(
      'Léa Martin1275 %2 h 14',
    );
    expect(within(table).getAllByRole('columnheader')[2]).toHaveTextContent(
      'Jointes dans la promesse (4 h ouvrées)',
    );
    const history = screen.getByRole('region', { name: 'Historique de l’équipe' });
    expect(history).toHaveTextContent('samedi 28 novembre, 14 h 02 · anne@calora-energies.example');
    expect(history).toHaveTextContent(
      'Absence changée : lea@calora-energies.example, absent(e) du 1er juillet 2099 au 14 juillet 2099',
    );
    expect(history).toHaveTextContent(
      'samedi 28 novembre, 13 h · l’exploitant' +
        'Réglages de l’équipe changés : Par département ; les commerciaux ne voient que leurs demandes ; départements 13, 2A',
    );
  });
});

describe('« Mon compte »', () => {
  it('shows my absence and turns my morning digest off', async () => {
    const calls = stubFetch();
    const account: MyAccount = { person: LEA, digest: true, today: '2026-11-28' };
    renderAt(<AccountScreen account={account} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
    const absence = screen.getByRole('region', { name: 'Mon absence' });
    expect(absence).toHaveTextContent('Absent(e) du 1er juillet 2099 au 14 juillet 2099');
    expect(absence).toHaveTextContent(
      'Pendant votre absence, vous ne recevez aucune nouvelle demande.',
    );
    expect(within(absence).getByLabelText('Dernier jour')).toHaveAttribute('min', '2026-11-28');
    await userEvent.click(
      screen.getByRole('button', { name: 'Ne plus recevoir le résumé du matin' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Le résumé du matin ne vous sera plus envoyé.',
    );
    expect(calls).toEqual([{ method: 'PUT', path: TEAM_API.digest, body: { actif: false } }]);
  });
});
