// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, MemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';

import { siteConfig } from '../../../config/site';
import { CONSENT_TEXT } from '../../../contracts/contact/consent';
import { CONTACT_ENDPOINT_PATH } from '../../../contracts/contact/lead-contract';
import { PRODUCT_OPTIONS } from '../../../contracts/contact/products';
import { LIMITS, PHONE_INPUT_PATTERN } from '../../../contracts/contact/schema';
import { contactPageText } from '../../content/contact';
import { ContactForm } from './contact-form';

function renderForm(path = '/contact') {
  const router = createMemoryRouter([{ path: '/contact', element: <ContactForm /> }], {
    initialEntries: [path],
  });
  return render(<RouterProvider router={router} />);
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const user = userEvent.setup();

async function fillValidForm() {
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

const submitButton = () =>
  screen.getByRole('button', { name: /Envoyer ma demande|Envoi en cours/ });

let fetchSpy: MockInstance<typeof fetch>;
let errorSpy: MockInstance<typeof console.error>;

beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch');
  errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ContactForm', () => {
  it('shows the fields of the reference with their types, placeholders and options', () => {
    renderForm();
    expect(screen.getByLabelText('Numéro de téléphone *')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Email *')).toHaveAttribute('type', 'email');
    const message = screen.getByLabelText('Message');
    expect(message).toHaveAttribute('rows', '4');
    expect(message).toHaveAttribute(
      'placeholder',
      'Décrivez votre projet ou posez vos questions...',
    );
    const select = screen.getByLabelText("Produit d'intérêt (Professionnel)");
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Sélectionnez un produit', ...PRODUCT_OPTIONS]);
    const consent = screen.getByRole('checkbox', { name: CONSENT_TEXT });
    expect(consent).not.toBeChecked();
    // The honeypot is out of reach of assistive technology.
    expect(screen.queryByRole('textbox', { name: /Ne remplissez pas/ })).toBeNull();
    const honeypot = screen.getByLabelText(/Ne remplissez pas/);
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('without consent shows the consent notice, field errors, and sends nothing', async () => {
    renderForm();
    await user.click(submitButton());
    const alert = screen.getByRole('alert');
    // (The first submit loads the validation.)
    await waitFor(() => expect(alert).toHaveTextContent('Consentement requis'));
    expect(alert).toHaveTextContent(
      `Vous devez accepter que ${siteConfig.companyName} vous recontacte.`,
    );
    expect(screen.getByLabelText('Nom *')).toHaveAccessibleDescription('Le nom est obligatoire.');
    expect(screen.getByLabelText('Nom *')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Nom *')).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('says the consent error once: the notice under the box describes it', async () => {
    renderForm();
    await fillValidForm();
    await user.click(submitButton());
    const consent = screen.getByRole('checkbox', { name: CONSENT_TEXT });
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(consent).toHaveAccessibleDescription(
      `Vous devez accepter que ${siteConfig.companyName} vous recontacte.`,
    );
    expect(screen.queryByText(/accepter d’être recontacté/)).toBeNull();
    expect(screen.getAllByText(/vous recontacte\./)).toHaveLength(1);
    // Ticking it clears the error.
    await user.click(consent);
    expect(consent).not.toHaveAttribute('aria-invalid');
  });

  it('marks the consent box required like the other fields', () => {
    renderForm();
    const consent = screen.getByRole('checkbox', { name: CONSENT_TEXT });
    expect(consent).toBeRequired();
    expect(consent.closest('div')).toHaveTextContent(`${CONSENT_TEXT} *`);
  });

  it('shows the message’s limit, counts near it, and says when a paste was cut', async () => {
    renderForm();
    const message = screen.getByLabelText('Message');
    expect(message).toHaveAccessibleDescription('5\u202f000\u00a0caractères au plus.');
    await user.click(message);
    await user.paste('a'.repeat(4_499));
    expect(message).toHaveAccessibleDescription('5\u202f000\u00a0caractères au plus.');
    await user.type(message, 'b');
    expect(message).toHaveAccessibleDescription(
      '4\u202f500\u00a0/\u00a05\u202f000\u00a0caractères',
    );
    expect(screen.queryByText(/Votre texte collé/)).toBeNull();

    // A paste past the limit: the browser keeps 5 000 characters, and the form says so.
    await user.clear(message);
    await user.paste('c'.repeat(6_200));
    // (Testing Library reads every no-break space as a plain one.)
    expect(screen.getByText(/Votre texte collé faisait 6 200 caractères/)).toHaveTextContent(
      'seuls les 5 000 premiers ont été gardés',
    );
    expect(message).toHaveValue('c'.repeat(5_000));
  });

  it('with every field valid but no consent, focuses the consent checkbox', async () => {
    renderForm();
    await fillValidForm();
    await user.click(submitButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Consentement requis');
    expect(screen.getByRole('checkbox')).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('moves focus to the first invalid field and explains the problem in French', async () => {
    renderForm();
    await fillValidForm();
    await user.clear(screen.getByLabelText('Numéro de téléphone *'));
    await user.type(screen.getByLabelText('Numéro de téléphone *'), '12345');
    await user.clear(screen.getByLabelText('Email *'));
    await user.type(screen.getByLabelText('Email *'), 'pas-une-adresse');
    await user.click(screen.getByRole('checkbox'));
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
    await user.click(screen.getByRole('checkbox'));
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
    expect(screen.getByRole('checkbox')).not.toBeChecked();
    expect(submitButton()).toHaveTextContent('Envoyer ma demande');
    expect(submitButton()).not.toHaveAttribute('aria-disabled');

    await user.click(screen.getByRole('button', { name: 'Fermer la notification' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows the server’s message on a rejection, logs it and keeps the values', async () => {
    fetchSpy.mockResolvedValue(jsonResponse(429, { error: 'Trop de demandes, réessayez.' }));
    renderForm();
    await fillValidForm();
    await user.click(screen.getByRole('checkbox'));
    await user.click(submitButton());
    const alert = await screen.findByText('Trop de demandes, réessayez.');
    expect(screen.getByRole('alert')).toContainElement(alert);
    expect(screen.getByRole('alert')).toHaveTextContent('Erreur');
    expect(errorSpy).toHaveBeenCalled();
    expect(screen.getByLabelText('Nom *')).toHaveValue('Martin');
    expect(screen.getByLabelText("Produit d'intérêt (Professionnel)")).toHaveValue('Éclairage LED');
    expect(screen.getByRole('checkbox')).toBeChecked();
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
    await user.click(screen.getByRole('checkbox'));
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
    await user.click(screen.getByRole('checkbox'));
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
    await user.click(screen.getByRole('checkbox'));
    await user.click(submitButton());
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    const [, init] = fetchSpy.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      pageOrigine: '/particuliers/pompe-a-chaleur',
    });
  });

  it('preselects the product named in the query, and only a known one', () => {
    renderForm('/contact?produit=HP%20flottante');
    expect(screen.getByLabelText("Produit d'intérêt (Professionnel)")).toHaveValue('HP flottante');
    cleanup();
    renderForm('/contact?produit=Piscine');
    expect(screen.getByLabelText("Produit d'intérêt (Professionnel)")).toHaveValue('');
  });
});

describe('the prerendered form (before hydration, or without JavaScript)', () => {
  const html = renderToString(
    <MemoryRouter initialEntries={['/contact']}>
      <ContactForm />
    </MemoryRouter>,
  );
  const container = document.createElement('div');
  container.innerHTML = html;
  const form = container.querySelector('form')!;
  const control = (name: string) => form.querySelector(`[name="${name}"]`)!;

  it('posts natively to the endpoint, and lets the browser validate', () => {
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', `${siteConfig.backendUrl}${CONTACT_ENDPOINT_PATH}`);
    expect(form).not.toHaveAttribute('novalidate');
  });

  it('names every control as the JSON payload does, with the hidden client type', () => {
    const names = [...form.querySelectorAll('[name]')].map((element) =>
      element.getAttribute('name'),
    );
    expect(names.sort()).toEqual(
      [
        'clientType',
        'nom',
        'prenom',
        'adresse',
        'telephone',
        'email',
        'produit',
        'message',
        'website',
        'rgpdConsent',
      ].sort(),
    );
    expect(control('clientType')).toHaveAttribute('type', 'hidden');
    expect(control('clientType')).toHaveAttribute('value', 'professionnel');
    expect(control('rgpdConsent')).toHaveAttribute('value', 'true');
  });

  it('carries the constraints of the schema', () => {
    for (const name of ['nom', 'prenom', 'adresse', 'telephone', 'email', 'rgpdConsent']) {
      expect(control(name), name).toBeRequired();
    }
    for (const name of ['produit', 'message', 'website']) {
      expect(control(name), name).not.toBeRequired();
    }
    for (const name of ['nom', 'prenom', 'adresse', 'telephone', 'email', 'message'] as const) {
      expect(control(name), name).toHaveAttribute('maxlength', String(LIMITS[name]));
    }
    expect(control('email')).toHaveAttribute('type', 'email');
    expect(control('telephone')).toHaveAttribute('type', 'tel');
    expect(control('telephone')).toHaveAttribute('pattern', PHONE_INPUT_PATTERN);
  });
});

describe('the hydrated form', () => {
  it('turns native validation off: the French messages take over', () => {
    const { container } = renderForm();
    expect(container.querySelector('form')).toHaveAttribute('novalidate');
  });
});
