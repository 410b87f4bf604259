// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { loader } from '#app/routes/contact.tsx';
import { GdprNotice } from './gdpr-notice.tsx';

afterEach(cleanup);

describe('the contact form’s information notice, as the contact route’s loader gives it', () => {
  it('tells whoever types a phone number that a commercial call needs their prior consent', () => {
    render(
      <MemoryRouter>
        <GdprNotice text={loader().notice} />
      </MemoryRouter>,
    );
    const notice = screen.getByRole('region', { name: 'Vos données personnelles' });
    expect(
      within(notice).getByText(
        /^Tout appel commercial \(démarchage téléphonique\) demande votre consentement préalable/,
      ),
    ).toHaveTextContent(
      'sans votre accord, la loi interdit de vous démarcher par téléphone. Nous ne vous appelons que si vous choisissez le téléphone',
    );
    expect(
      within(notice).getByRole('link', { name: 'politique de confidentialité' }),
    ).toHaveAttribute('href', '/politique-confidentialite');
  });
});
