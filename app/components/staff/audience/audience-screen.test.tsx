// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { AudienceReport } from '#contracts/audience/aggregates.ts';
import { AudienceScreen } from './audience-screen.tsx';

function report(overrides: Partial<AudienceReport> = {}): AudienceReport {
  return {
    days: 30,
    from: '2026-10-28',
    to: '2026-11-26',
    daily: Array.from({ length: 30 }, (_, index) => ({
      day: `2026-11-${String(index - 3).padStart(2, '0')}`,
      views: index === 29 ? 12 : index === 20 ? 3 : 0,
      entries: index === 29 ? 5 : index === 20 ? 1 : 0,
    })).map((entry, index) => (index < 4 ? { ...entry, day: `2026-10-${28 + index}` } : entry)),
    pages: [
      {
        page: '/particuliers/pompe-a-chaleur',
        views: 9,
        entries: 4,
        requests: 1,
        conversion: 11.1,
        uncounted: false,
      },
      { page: '/contact', views: 6, entries: 2, requests: 2, conversion: 33.3, uncounted: false },
      {
        page: 'autre page',
        views: 0,
        entries: 0,
        requests: 0,
        conversion: null,
        uncounted: false,
      },
    ],
    sources: [{ source: '', entries: 6 }],
    devices: [
      { device: 'mobile', views: 15 },
      { device: 'tablette', views: 0 },
      { device: 'ordinateur', views: 0 },
    ],
    campaigns: [],
    ...overrides,
  };
}

function renderPage(data: AudienceReport) {
  const router = createMemoryRouter(
    [{ path: '*', element: <AudienceScreen report={data} />, loader: () => null }],
    { initialEntries: ['/equipe/audience'] },
  );
  render(<RouterProvider router={router} />);
}

describe('the audience page', () => {
  it('names pages by their title, the path below, and lists no empty page', async () => {
    renderPage(report());
    const table = await screen.findByRole('table', {
      name: 'Pages vues, entrées, demandes et conversion par page',
    });
    const [, pump, contact, ...rest] = within(table).getAllByRole('row');
    expect(rest).toEqual([]);
    expect(within(pump!).getByRole('rowheader')).toHaveTextContent(
      'Pompe à chaleur — Particuliers/particuliers/pompe-a-chaleur',
    );
    expect(within(contact!).getByRole('rowheader')).toHaveTextContent(
      'Formulaire de demande (contact)/contact',
    );
    expect(within(contact!).getAllByRole('cell')[2]).toHaveTextContent('2');
  });

  it('gives no percentage for a page with more requests than counted views, and says why', async () => {
    renderPage(
      report({
        pages: [
          {
            page: '/contact',
            views: 1,
            entries: 1,
            requests: 5,
            conversion: null,
            uncounted: true,
          },
          {
            page: '/particuliers/pompe-a-chaleur',
            views: 9,
            entries: 4,
            requests: 1,
            conversion: 11.1,
            uncounted: false,
          },
        ],
      }),
    );
    const table = await screen.findByRole('table', {
      name: 'Pages vues, entrées, demandes et conversion par page',
    });
    const [, contact, pump] = within(table).getAllByRole('row');
    const contactCells = within(contact!).getAllByRole('cell');
    expect(contactCells.map((cell) => cell.textContent)).toEqual(['1', '1', '5', 'non mesurable']);
    expect(within(pump!).getAllByRole('cell')[3]!.textContent).toBe('11,1\u00a0%');
    expect(table).not.toHaveTextContent('500');
    expect(
      screen.getByText(
        /^Toutes les visites ne sont pas comptées : ni celles faites sans JavaScript, ni celles dont le navigateur bloque la mesure d’audience/,
      ),
    ).toHaveTextContent(
      'Les demandes, elles, sont toutes enregistrées. Quand une page a reçu plus de demandes que de vues comptées, sa conversion est « non mesurable »',
    );
  });

  it('lists only the days and devices with visits', async () => {
    renderPage(report());
    const days = await screen.findByRole('table', { name: /^Pages vues et entrées par jour/ });
    expect(within(days).getAllByRole('row')).toHaveLength(3);
    const devices = screen.getByRole('table', { name: /^Pages vues par type d’appareil/ });
    expect(within(devices).getAllByRole('row')).toHaveLength(2);
    expect(devices).toHaveTextContent('Mobile');
    expect(devices).not.toHaveTextContent('Tablette');
  });

  it('says so when nothing was counted', async () => {
    renderPage(
      report({
        daily: report().daily.map((entry) => ({ ...entry, views: 0, entries: 0 })),
        pages: [],
        devices: report().devices.map((row) => ({ ...row, views: 0 })),
      }),
    );
    expect(await screen.findAllByText('Aucune visite sur cette période.')).toHaveLength(2);
    expect(screen.getByText('Aucune page vue sur cette période.')).toBeVisible();
    expect(screen.queryByRole('table', { name: /^Pages vues et entrées par jour/ })).toBeNull();
  });
});
