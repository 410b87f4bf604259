import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

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

export async function fillValidForm() {
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
}

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
