// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { siteConfig } from '#config/site.ts';
import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { LIMITS, PHONE_INPUT_PATTERN } from '#contracts/contact/schema.ts';
import { ContactForm } from './contact-form.tsx';
import { renderForm, spyOnFetchAndErrors } from './contact-form.fixture.tsx';

/** The contact form before hydration (or without JavaScript), and once hydrated. */
spyOnFetchAndErrors();

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
