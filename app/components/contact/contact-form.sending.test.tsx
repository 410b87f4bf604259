// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { siteConfig } from '#config/site.ts';
import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { CHOICE_VERSION } from '#contracts/contact/contact-choice.ts';
import { contactPageText } from '#app/content/contact.ts';
import { ContactForm } from './contact-form.tsx';
import {
  errorSpy,
  fetchSpy,
  fillValidForm,
  jsonResponse,
  renderForm,
  spyOnFetchAndErrors,
  submitButton,
  user,
  consentBox,
} from './contact-form.fixture.tsx';

/** The contact form sending: French messages first, then the post, its answers and refusals. */
spyOnFetchAndErrors();

describe('ContactForm', () => {
  it('moves focus to the first invalid field and explains the problem in French', async () => {
    renderForm();
    await fillValidForm();
    await user.clear(screen.getByLabelText('Numéro de téléphone *'));
    await user.type(screen.getByLabelText('Numéro de téléphone *'), '12345');
    await user.clear(screen.getByLabelText('Email *'));
    await user.type(screen.getByLabelText('Email *'), 'pas-une-adresse');
    await user.click(consentBox());
    await user.click(submitButton());
    const phone = screen.getByLabelText('Numéro de téléphone *');
    expect(phone).toHaveFocus();
    expect(phone).toHaveAccessibleDescription(/Saisissez un numéro de téléphone valide/);
    expect(screen.getByLabelText('Email *')).toHaveAccessibleDescription(
      /Saisissez une adresse e-mail valide/,
    );
    // The notice names the fields to fix, as links; each message is said once, by its field.
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Demande à compléter');
    expect(
      within(alert)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Numéro de téléphone', 'Email']);
    expect(screen.getAllByText(/Saisissez une adresse e-mail valide/)).toHaveLength(1);
    await user.click(within(alert).getByRole('link', { name: 'Email' }));
    expect(screen.getByLabelText('Email *')).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();

    // Correcting a field clears its message.
    await user.type(phone, '{Control>}a{/Control}01 99 00 12 34');
    expect(phone).not.toHaveAttribute('aria-invalid');
  });

  it('posts the exact payload, shows a pending state, then confirms and resets everything', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchSpy.mockImplementation(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    renderForm();
    await fillValidForm();
    await user.click(consentBox());
    await user.click(submitButton());

    expect(submitButton()).toHaveTextContent('Envoi en cours…');
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(submitButton());
    expect(fetchSpy).toHaveBeenCalledTimes(1);

    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe(`${siteConfig.backendUrl}${CONTACT_ENDPOINT_PATH}`);
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({
      'Content-Type': 'application/json',
      apikey: siteConfig.backendAnonKey,
      Authorization: `Bearer ${siteConfig.backendAnonKey}`,
    });
    expect(JSON.parse(String(init?.body))).toEqual({
      clientType: 'professionnel',
      nom: 'Martin',
      prenom: 'Léa',
      adresse: '3 rue de la Paix, 75002 Paris',
      telephone: '06 12 34 56 78',
      email: 'lea.martin@entreprise.fr',
      produit: 'Éclairage LED',
      message: 'Un entrepôt de 2 000 m²',
      rgpdConsent: true,
      recontact: 'telephone',
      jours: [],
      creneaux: [],
      recontactVersion: CHOICE_VERSION,
      website: '',
    });

    await act(async () =>
      answer(jsonResponse(200, { ok: true, id: 'abc', callbackBy: '2026-11-30T19:00' })),
    );
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Demande envoyée !'));
    expect(status).toHaveTextContent(
      'Votre demande a été envoyée par email. Nous vous recontacterons rapidement.',
    );
    // The line under the reference's notice: when the call-back comes for this request.
    expect(status).toHaveTextContent(
      'Nous vous rappellerons au plus tard lundi 30 novembre à 19 h.',
    );
    for (const label of Object.values(contactPageText.form.labels)) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    expect(consentBox()).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Par téléphone' })).not.toBeChecked();
    expect(submitButton()).toHaveTextContent('Envoyer ma demande');
    expect(submitButton()).not.toHaveAttribute('aria-disabled');

    await user.click(screen.getByRole('button', { name: 'Fermer la notification' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows the server’s message on a rejection, logs it and keeps the values', async () => {
    fetchSpy.mockResolvedValue(jsonResponse(429, { error: 'Trop de demandes, réessayez.' }));
    renderForm();
    await fillValidForm();
    await user.click(consentBox());
    await user.click(submitButton());
    const alert = await screen.findByText('Trop de demandes, réessayez.');
    expect(screen.getByRole('alert')).toContainElement(alert);
    expect(screen.getByRole('alert')).toHaveTextContent('Erreur');
    expect(errorSpy).toHaveBeenCalled();
    expect(screen.getByLabelText('Nom *')).toHaveValue('Martin');
    expect(screen.getByLabelText("Produit d'intérêt (Professionnel)")).toHaveValue('Éclairage LED');
    expect(consentBox()).toBeChecked();
  });

  it('marks the fields the server refused, with its messages, and focuses the first', async () => {
    fetchSpy.mockResolvedValue(
      jsonResponse(400, {
        error: 'Saisissez un numéro de téléphone valide.',
        fields: {
          telephone: 'Saisissez un numéro de téléphone valide.',
          email: 'Adresse refusée.',
          notAField: 'ignored',
        },
      }),
    );
    renderForm();
    await fillValidForm();
    await user.click(consentBox());
    await user.click(submitButton());
    const phone = screen.getByLabelText('Numéro de téléphone *');
    await vi.waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveAccessibleDescription('Saisissez un numéro de téléphone valide.');
    expect(phone).toHaveFocus();
    expect(screen.getByLabelText('Email *')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email *')).toHaveAccessibleDescription('Adresse refusée.');
    expect(screen.getByLabelText('Nom *')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('Saisissez un numéro de téléphone valide.');
    expect(phone).toHaveValue('06 12 34 56 78');
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'an answer without a JSON error',
      () => Promise.resolve(new Response('<h1>Bad gateway</h1>', { status: 502 })),
    ],
  ])('falls back to the generic message on %s', async (_case, outcome) => {
    fetchSpy.mockImplementation(outcome);
    renderForm();
    await fillValidForm();
    await user.click(consentBox());
    await user.click(submitButton());
    expect(
      await screen.findByText("Une erreur est survenue lors de l'envoi. Veuillez réessayer."),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Erreur');
    expect(errorSpy).toHaveBeenCalled();
    expect(screen.getByLabelText('Email *')).toHaveValue('lea.martin@entreprise.fr');
  });

  it('sends the source page the visit gives (navigation-origin.ts)', async () => {
    fetchSpy.mockResolvedValue(jsonResponse(200, { ok: true, id: 'abc' }));
    const origin = {
      sourcePage: () => '/particuliers/pompe-a-chaleur',
      landingCampaign: () => ({}),
    };
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <Outlet context={origin} />,
          children: [{ path: 'contact', element: <ContactForm /> }],
        },
      ],
      { initialEntries: ['/contact'] },
    );
    render(<RouterProvider router={router} />);
    await fillValidForm();
    await user.click(consentBox());
    await user.click(submitButton());
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    const [, init] = fetchSpy.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      pageOrigine: '/particuliers/pompe-a-chaleur',
    });
  });
});
