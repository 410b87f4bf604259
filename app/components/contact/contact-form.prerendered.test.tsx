// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { siteConfig } from '#config/site.ts';
import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { LIMITS, PHONE_INPUT_PATTERN } from '#contracts/contact/schema.ts';
import {
  CHOICE_QUESTION,
  CHOICE_VERSION,
  WHEN_QUESTION,
} from '#contracts/contact/contact-choice.ts';
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
    expect([...new Set(names)].sort()).toEqual(
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
        'recontact',
        'jours',
        'creneaux',
        'recontactVersion',
      ].sort(),
    );
    expect(control('clientType')).toHaveAttribute('type', 'hidden');
    expect(control('clientType')).toHaveAttribute('value', 'professionnel');
    expect(control('rgpdConsent')).toHaveAttribute('value', 'true');
    expect(control('recontactVersion')).toHaveAttribute('type', 'hidden');
    expect(control('recontactVersion')).toHaveAttribute('value', CHOICE_VERSION);
  });

  it('asks how to be contacted, none preselected, and when, in fieldsets with legends', () => {
    const legends = [...form.querySelectorAll('fieldset > legend')].map((legend) =>
      legend.textContent?.replace(/\s+/g, ' '),
    );
    expect(legends).toEqual([`${CHOICE_QUESTION} *`, WHEN_QUESTION, 'Jours', 'Créneaux']);
    const radios = [...form.querySelectorAll<HTMLInputElement>('[name="recontact"]')];
    expect(radios.map((radio) => [radio.type, radio.value, radio.checked, radio.required])).toEqual(
      [
        ['radio', 'telephone', false, true],
        ['radio', 'email', false, true],
      ],
    );
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Par téléphone',
      'Par e-mail uniquement',
    ]);
    // The build's WORKING_DAYS and CALL_WINDOWS (by default Monday to Friday, three slots).
    const boxes = (name: string) =>
      [...form.querySelectorAll<HTMLInputElement>(`[name="${name}"]`)].map((box) => [
        box.type,
        box.value,
        box.closest('label')?.textContent,
        box.checked,
        box.required,
      ]);
    expect(boxes('jours')).toEqual(
      ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi'].map((day) => [
        'checkbox',
        day,
        day,
        false,
        false,
      ]),
    );
    expect(boxes('creneaux')).toEqual([
      ['checkbox', '10:00-13:00', 'de 10\u00a0h à 13\u00a0h', false, false],
      ['checkbox', '14:00-17:00', 'de 14\u00a0h à 17\u00a0h', false, false],
      ['checkbox', '17:00-20:00', 'de 17\u00a0h à 20\u00a0h', false, false],
    ]);
    // « Quand vous appeler ? » shows when « Par téléphone » is ticked, by CSS: no script needed.
    const when = form.querySelector('[name="jours"]')!.closest('fieldset')!.parentElement!;
    expect(when.closest('fieldset')?.className).toMatch(
      /\bhidden\b.*group-has-\[input\[value=telephone\]:checked\]\/choice:block/,
    );
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
