import { describe, expect, it } from 'vitest';

import { recordNavigation, sourcePage } from './navigation-origin.ts';

describe('the source page of a request', () => {
  it('is the contact page itself when the visit starts there, else the page before it', () => {
    expect(sourcePage()).toBeUndefined();
    recordNavigation('/contact', '');
    expect(sourcePage()).toBe('/contact');
    recordNavigation('/contact', '?produit=LED');
    expect(sourcePage()).toBe('/contact');
    recordNavigation('/particuliers/pompe-a-chaleur', '');
    recordNavigation('/contact', '');
    expect(sourcePage()).toBe('/particuliers/pompe-a-chaleur');
  });
});
