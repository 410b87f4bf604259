// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import {
  consentBox,
  fetchSpy,
  fillValidForm,
  jsonResponse,
  renderForm,
  spyOnFetchAndErrors,
  submitButton,
  user,
} from './contact-form.fixture.tsx';
import { loadValidation } from './deferred-code.ts';

/**
 * A second request within 24 hours gets no confirmation e-mail: the answer says so
 * (`earlierLink`), and the form tells the visitor that the earlier e-mail's link opens this
 * request too (ADR 0031).
 */
spyOnFetchAndErrors();

// (toHaveTextContent reads non-breaking spaces as spaces.)
const EARLIER_LINK =
  'Vous ne recevrez pas de nouvel e-mail de confirmation : nous vous en avons envoyé un il y a moins de 24 h, et son lien « Suivre ou modifier ma demande » ouvre aussi cette nouvelle demande.';

async function send(answer: Record<string, unknown>) {
  fetchSpy.mockResolvedValue(jsonResponse(200, answer));
  renderForm();
  await fillValidForm();
  await user.click(consentBox());
  await act(async () => user.click(submitButton()));
  const status = screen.getByRole('status');
  await loadValidation(); // the first submit's load, however long it takes
  await waitFor(() => expect(status).toHaveTextContent('Demande envoyée !'));
  return status;
}

describe('the answer to a request sent within 24 hours of another', () => {
  it('says that the earlier confirmation’s link opens this request too', async () => {
    const status = await send({ ok: true, id: 'abc', earlierLink: true });
    expect(status).toHaveTextContent(EARLIER_LINK);
  });

  it('says nothing of it otherwise', async () => {
    const status = await send({ ok: true, id: 'abc' });
    expect(status).not.toHaveTextContent(/nouvel e-mail de confirmation/);
  });
});
