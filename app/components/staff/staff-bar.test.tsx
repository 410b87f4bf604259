// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { siteConfig } from '#config/site.ts';
import { STAFF_NAV } from '#app/content/staff.ts';
import { currentState, StaffBar } from './staff-bar.tsx';

afterEach(cleanup);

const me = {
  id: 'p-lea',
  email: 'lea@calora-energies.example',
  name: 'Léa Martin',
  role: 'responsable' as const,
};

function renderAt(path: string, props: Parameters<typeof StaffBar>[0]) {
  const router = createMemoryRouter([{ path: '*', element: <StaffBar {...props} /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
}

describe('StaffBar', () => {
  it('shows the company, the staff pages, who is signed in and sign-out', () => {
    renderAt('/equipe', { me, navigation: true });
    const banner = screen.getByRole('banner');
    expect(banner).toHaveTextContent(siteConfig.companyName);
    const nav = within(banner).getByRole('navigation', { name: 'Pages de l’espace équipe' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(STAFF_NAV.map((entry) => entry.label));
    expect(within(nav).getByRole('link', { name: 'Demandes' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(banner).toHaveTextContent('lea@calora-energies.example');
    expect(within(banner).getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  });

  it('marks "Demandes" as the current section on a request’s page, not as the page', () => {
    renderAt('/equipe/demandes/abc', { me, navigation: true });
    expect(screen.getByRole('link', { name: 'Demandes' })).toHaveAttribute('aria-current', 'true');
  });

  it('shows the team page to a responsable only', () => {
    renderAt('/equipe', { me, navigation: true });
    expect(screen.getByRole('link', { name: 'Équipe' })).toHaveAttribute('href', '/equipe/equipe');
    cleanup();
    renderAt('/equipe', { me: { ...me, role: 'commercial' }, navigation: true });
    expect(screen.getByRole('link', { name: 'Demandes' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Équipe' })).toBeNull();
    cleanup();
    renderAt('/equipe/inconnu', { navigation: true });
    expect(screen.queryByRole('link', { name: 'Équipe' })).toBeNull();
  });

  it('shows only the company on the sign-in page', () => {
    renderAt('/equipe/connexion', { navigation: false });
    const banner = screen.getByRole('banner');
    expect(banner).toHaveTextContent(siteConfig.companyName);
    expect(within(banner).queryByRole('navigation')).toBeNull();
    expect(within(banner).queryByRole('link')).toBeNull();
    expect(within(banner).queryByRole('button')).toBeNull();
  });
});

describe('currentState', () => {
  const inbox = { label: 'Demandes', to: '/equipe', sectionPrefix: '/equipe/demandes/' };
  const other = { label: 'Audience', to: '/equipe/audience' };

  it('is "page" on the entry’s path, with or without a trailing slash', () => {
    expect(currentState(inbox, '/equipe')).toBe('page');
    expect(currentState(inbox, '/equipe/')).toBe('page');
    expect(currentState(other, '/equipe/audience')).toBe('page');
  });

  it('is "true" inside the entry’s section and nothing elsewhere', () => {
    expect(currentState(inbox, '/equipe/demandes/abc')).toBe('true');
    expect(currentState(inbox, '/equipe/audience')).toBeUndefined();
    expect(currentState(other, '/equipe')).toBeUndefined();
    expect(currentState(other, '/equipe/audiences')).toBeUndefined();
  });
});
