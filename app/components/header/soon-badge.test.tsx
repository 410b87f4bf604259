// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { ClientAreaButton } from './client-area-button.tsx';
import { Header } from './header.tsx';

afterEach(cleanup);

/** What a control shows, read as axe-core reads it: its text nodes joined, spaces collapsed. */
const shownText = (element: HTMLElement) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('a control disabled until its feature exists (WCAG 2.5.3)', () => {
  it('the client area: named by what it shows, then « bientôt disponible »', () => {
    render(<ClientAreaButton className="" />);
    const button = screen.getByRole('button', { name: 'Espace Client, bientôt disponible' });
    expect(button).toBeDisabled();
    expect(shownText(button)).toBe('Espace Client Bientôt');
  });

  it('the header’s « Particuliers »: the same', () => {
    render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: 'Particuliers, bientôt disponible' });
    expect(button).toBeDisabled();
    expect(shownText(button)).toBe('Particuliers Bientôt');
  });
});
