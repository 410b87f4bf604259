// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { clientNames } from '#app/content/home.ts';
import ContactRoute, { loader } from '#app/routes/contact.tsx';
import { ContactAside } from '#app/components/contact/contact-aside.tsx';
import { TrustMarquee } from '#app/components/home/trust-marquee.tsx';
import { Card } from './card.tsx';
import { cn, THEME_TOKENS } from './class-names.ts';

afterEach(cleanup);

function classesOf(element: Element): string[] {
  return [...element.classList];
}

describe('cn', () => {
  it('lets the later of two conflicting utilities win', () => {
    expect(cn('p-6 bg-white', 'p-5 bg-brand-50')).toBe('p-5 bg-brand-50');
    expect(cn('text-xl text-slate-600', 'text-base')).toBe('text-slate-600 text-base');
    expect(cn('border-slate-200', 'border-brand-100')).toBe('border-brand-100');
  });

  it('knows the theme tokens, so a custom size never passes for a colour', () => {
    expect(cn('text-title text-brand-950', 'text-display')).toBe('text-brand-950 text-display');
    expect(cn('text-xl', 'text-title')).toBe('text-title');
    expect(cn('rounded-card', 'rounded-control')).toBe('rounded-control');
    expect(cn('shadow-card', 'shadow-card-hover')).toBe('shadow-card-hover');
    expect(cn('animate-marquee', 'animate-none')).toBe('animate-none');
  });

  it('skips falsy values and keeps responsive variants apart', () => {
    expect(cn('p-6', false, null, undefined, 'sm:p-8')).toBe('p-6 sm:p-8');
  });

  it('lists every font size, radius, shadow and animation token of app.css', () => {
    const css = readFileSync(join(process.cwd(), 'app', 'app.css'), 'utf8');
    const theme = css.slice(css.indexOf('@theme {'), css.indexOf('@font-face'));
    // `--text-title--line-height` and the like are facets of a token, not tokens.
    const tokens = (prefix: string) =>
      [...theme.matchAll(new RegExp(`--${prefix}-([a-z0-9-]+):`, 'g'))]
        .map((match) => match[1] ?? '')
        .filter((name) => !name.includes('--'));
    expect([...THEME_TOKENS.text].sort()).toEqual(tokens('text').sort());
    expect([...THEME_TOKENS.radius].sort()).toEqual(tokens('radius').sort());
    expect([...THEME_TOKENS.shadow].sort()).toEqual(tokens('shadow').sort());
    expect([...THEME_TOKENS.animate].sort()).toEqual(tokens('animate').sort());
  });
});

describe('component overrides keep only the override', () => {
  it('Card: a caller padding replaces the default one', () => {
    render(<Card data-testid="card" className="p-5 sm:p-8" />);
    const classes = classesOf(screen.getByTestId('card'));
    expect(classes).toContain('p-5');
    expect(classes).toContain('sm:p-8');
    expect(classes).not.toContain('p-6');
  });

  it("contact page: the 'Réponse rapide' card is tinted, not white", () => {
    render(<ContactAside />);
    const heading = screen.getByRole('heading', { name: 'Réponse rapide' });
    const classes = classesOf(heading.parentElement as HTMLElement);
    expect(classes).toContain('bg-brand-50');
    expect(classes).toContain('border-brand-100');
    expect(classes).not.toContain('bg-white');
    expect(classes).not.toContain('border-slate-200');
  });

  it('contact page: the form card uses p-5 on phones, not the default p-6', async () => {
    const router = createMemoryRouter([{ path: '/contact', loader, Component: ContactRoute }], {
      initialEntries: ['/contact'],
    });
    render(<RouterProvider router={router} />);
    const heading = await screen.findByRole('heading', { name: 'Demande de renseignements' });
    const classes = classesOf(heading.parentElement as HTMLElement);
    expect(classes).toContain('p-5');
    expect(classes).toContain('sm:p-8');
    expect(classes).not.toContain('p-6');
  });

  it('trust marquee: the text-base wordmark drops the default text-xl', () => {
    render(<TrustMarquee />);
    const list = screen
      .getAllByRole('list', { hidden: true })
      .find((element) => element.getAttribute('data-marquee-copy') === 'main');
    if (!list) throw new Error('main marquee list not found');
    const uppercase = within(list).getByText(clientNames[1] ?? '');
    const classes = classesOf(uppercase);
    expect(classes).toContain('text-base');
    expect(classes).not.toContain('text-xl');
    const plain = classesOf(within(list).getByText(clientNames[0] ?? ''));
    expect(plain).toContain('text-xl');
  });
});
