// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { siteConfig } from '#config/site.ts';
import { CONSENT_TEXT } from '#contracts/contact/consent.ts';
import { PRODUCT_OPTIONS } from '#contracts/contact/products.ts';
import {
  fetchSpy,
  fillValidForm,
  renderForm,
  spyOnFetchAndErrors,
  submitButton,
  user,
  consentBox,
} from './contact-form.fixture.tsx';
import { loadValidation } from './deferred-code.ts';

/** The contact form's fields: types, options, consent, limits, focus on what is missing. */
spyOnFetchAndErrors();

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
    // The first submit loads the validation: wait for that load itself (however long a busy
    // machine takes to import it), then for what the form shows.
    await loadValidation();
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
    expect(consentBox()).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('preselects the product named in the query, and only a known one', () => {
    renderForm('/contact?produit=HP%20flottante');
    expect(screen.getByLabelText("Produit d'intérêt (Professionnel)")).toHaveValue('HP flottante');
    cleanup();
    renderForm('/contact?produit=Piscine');
    expect(screen.getByLabelText("Produit d'intérêt (Professionnel)")).toHaveValue('');
  });
});
