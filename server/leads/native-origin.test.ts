import { describe, expect, it } from 'vitest';

import { nativePayload } from './native-origin.ts';

const SITE = 'https://www.calora-energies.example';
const body = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('the origin page of a native post', () => {
  it('is the path of a Referer from one of the site’s origins', () => {
    expect(
      nativePayload(body({ nom: 'Durand' }), `${SITE}/contact?utm_source=x#y`, [SITE]),
    ).toEqual({ nom: 'Durand', rgpdConsent: false, pageOrigine: '/contact' });
  });

  it('keeps the page the form sent, and takes none from another site or an origin alone', () => {
    expect(
      nativePayload(body({ pageOrigine: '/professionnels' }), `${SITE}/contact`, [SITE])
        ?.pageOrigine,
    ).toBe('/professionnels');
    expect(
      nativePayload(body({}), 'https://ailleurs.example/contact', [SITE])?.pageOrigine,
    ).toBeUndefined();
    // Across origins a browser sends the origin alone (strict-origin-when-cross-origin).
    expect(nativePayload(body({}), `${SITE}/`, [SITE])?.pageOrigine).toBeUndefined();
    expect(nativePayload(body({}), 'pas une adresse', [SITE])?.pageOrigine).toBeUndefined();
    expect(nativePayload(body({}), undefined, [SITE])?.pageOrigine).toBeUndefined();
  });

  it('refuses a repeated field as payloadFromForm does', () => {
    expect(nativePayload('nom=a&nom=b', `${SITE}/contact`, [SITE])).toBeUndefined();
  });
});
