import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

import { CONSENT_TEXT } from '#contracts/contact/consent.ts';
import { ContactForm } from './contact-form.tsx';

/**
 * What the contact form's tests (contact-form.*.test.tsx) share: the form rendered at a path, a
 * user filling it, a JSON answer for the fetch spy. `fetchSpy` and `errorSpy` are live bindings,
 * set before each test by `spyOnFetchAndErrors()`.
 */
export function renderForm(path = '/contact') {
  const router = createMemoryRouter([{ path: '/contact', element: <ContactForm /> }], {
    initialEntries: [path],
  });
  return render(<RouterProvider router={router} />);
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const user = userEvent.setup();

/**
 * Fills every field validly, as a visitor would; the choice of contact « Par téléphone » unless
 * told otherwise (`null`: left unanswered), with the days and slots given.
 */
export async function fillValidForm({
  recontact = 'Par téléphone',
  ticks = [],
}: { recontact?: 'Par téléphone' | 'Par e-mail uniquement' | null; ticks?: string[] } = {}) {
  await user.type(screen.getByLabelText('Nom *'), 'Martin');
  await user.type(screen.getByLabelText('Prénom *'), 'Léa');
  await user.type(screen.getByLabelText('Adresse *'), '3 rue de la Paix, 75002 Paris');
  await user.type(screen.getByLabelText('Numéro de téléphone *'), '06 12 34 56 78');
  await user.type(screen.getByLabelText('Email *'), 'lea.martin@entreprise.fr');
  await user.selectOptions(
    screen.getByLabelText("Produit d'intérêt (Professionnel)"),
    'Éclairage LED',
  );
  await user.type(screen.getByLabelText('Message'), 'Un entrepôt de 2 000 m²');
  if (recontact) await user.click(screen.getByRole('radio', { name: recontact }));
  for (const tick of ticks) await user.click(choiceBox(tick));
}

/** A day's or slot's box by its label, spaces as typed (« de 14 h à 17 h »). */
export const choiceBox = (label: string) =>
  screen.getByRole('checkbox', { name: (name) => name.replace(/\s+/g, ' ') === label });

export const consentBox = () => screen.getByRole('checkbox', { name: CONSENT_TEXT });

export const submitButton = () =>
  screen.getByRole('button', { name: /Envoyer ma demande|Envoi en cours/ });

export let fetchSpy: MockInstance<typeof fetch>;
export let errorSpy: MockInstance<typeof console.error>;

/** Called once at the top of a test file: spies set before each test, the DOM cleaned after. */
export function spyOnFetchAndErrors(): void {
  beforeEach(() => {
    fetchSpy = vi.spyOn(globalThis, 'fetch');
    errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
}
