// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { CHOICE_QUESTION, CHOICE_VERSION } from '#contracts/contact/contact-choice.ts';
import {
  fetchSpy,
  fillValidForm,
  jsonResponse,
  renderForm,
  spyOnFetchAndErrors,
  submitButton,
  user,
  consentBox,
  choiceBox,
} from './contact-form.fixture.tsx';
import { loadValidation } from './deferred-code.ts';

/** The contact form's choice of contact (ADR 0029): required, sent, answered. */
spyOnFetchAndErrors();

describe('ContactForm: the choice of contact', () => {
  const sentBody = () => JSON.parse(String(fetchSpy.mock.calls[0]![1]?.body)) as object;

  it('requires a channel: says so beside the choice, links to it, focuses its first option', async () => {
    renderForm();
    await fillValidForm({ recontact: null });
    await user.click(consentBox());
    await user.click(submitButton());
    const phone = screen.getByRole('radio', { name: 'Par téléphone' });
    expect(phone).toHaveFocus();
    const group = screen.getByRole('group', { name: CHOICE_QUESTION });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription(
      'Choisissez comment vous souhaitez être recontacté(e).',
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Demande à compléter');
    await user.click(screen.getByRole('radio', { name: 'Par e-mail uniquement' }));
    expect(group).not.toHaveAttribute('aria-invalid');
    await user.click(within(alert).getByRole('link', { name: 'Mode de recontact' }));
    expect(phone).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends the days and slots ticked with the phone, and says the slot the answer gives', async () => {
    fetchSpy.mockResolvedValue(
      jsonResponse(200, {
        ok: true,
        id: 'abc',
        callbackBy: '2026-12-01T17:00',
        callbackFrom: '2026-12-01T14:00',
        recontact: 'telephone',
      }),
    );
    renderForm();
    await fillValidForm({ ticks: ['jeudi', 'mardi', 'de 14 h à 17 h', 'jeudi'] });
    await user.click(consentBox());
    await user.click(submitButton());
    const status = screen.getByRole('status');
    await loadValidation(); // the first submit's load, however long it takes
    await waitFor(() =>
      expect(status).toHaveTextContent(
        'Nous vous appellerons mardi 1er décembre entre 14 h et 17 h.',
      ),
    );
    // « jeudi » ticked, then unticked.
    expect(sentBody()).toMatchObject({
      recontact: 'telephone',
      jours: ['mardi'],
      creneaux: ['14:00-17:00'],
      recontactVersion: CHOICE_VERSION,
    });
    expect(choiceBox('mardi')).not.toBeChecked();
  });

  it('sends no days or slots with the e-mail, and says the answer comes by e-mail', async () => {
    fetchSpy.mockResolvedValue(
      jsonResponse(200, {
        ok: true,
        id: 'abc',
        callbackBy: '2026-11-30T19:00',
        recontact: 'email',
      }),
    );
    renderForm();
    // Days ticked under « Par téléphone », then the e-mail chosen instead.
    await fillValidForm({ ticks: ['lundi', 'de 10 h à 13 h'] });
    await user.click(screen.getByRole('radio', { name: 'Par e-mail uniquement' }));
    await user.click(consentBox());
    await user.click(submitButton());
    const status = screen.getByRole('status');
    await loadValidation(); // the first submit's load, however long it takes
    await waitFor(() =>
      expect(status).toHaveTextContent(
        'Nous vous répondrons par e-mail au plus tard lundi 30 novembre à 19 h.',
      ),
    );
    expect(sentBody()).toMatchObject({ recontact: 'email', jours: [], creneaux: [] });
  });

  it('marks the slots the server refused, beside them, and focuses the first', async () => {
    fetchSpy.mockResolvedValue(
      jsonResponse(400, {
        error: 'Ce créneau n’est plus proposé. Choisissez parmi ceux du formulaire.',
        fields: { creneaux: 'Ce créneau n’est plus proposé. Choisissez parmi ceux du formulaire.' },
      }),
    );
    renderForm();
    await fillValidForm({ ticks: ['de 17 h à 20 h'] });
    await user.click(consentBox());
    await user.click(submitButton());
    const first = choiceBox('de 10 h à 13 h');
    await vi.waitFor(() => expect(first).toHaveFocus());
    const slots = screen.getByRole('group', { name: 'Créneaux' });
    expect(slots).toHaveAttribute('aria-invalid', 'true');
    expect(slots).toHaveAccessibleDescription(
      'Ce créneau n’est plus proposé. Choisissez parmi ceux du formulaire.',
    );
    expect(within(screen.getByRole('alert')).getByRole('link')).toHaveTextContent(
      'Créneaux d’appel',
    );
    expect(choiceBox('de 17 h à 20 h')).toBeChecked();
    await user.click(choiceBox('de 14 h à 17 h'));
    expect(slots).not.toHaveAttribute('aria-invalid');
  });
});
