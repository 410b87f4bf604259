import { describe, expect, it } from 'vitest';

import { CONTACT_ERROR_PATHS, CONTACT_THANKS_PATH } from '#contracts/contact/paths.ts';
import { VISITOR_PAGE_PATH } from '#contracts/contact/visitor-page.ts';
import { showsContactShortcuts } from './contact-shortcuts.ts';

describe('showsContactShortcuts', () => {
  it('hides the contact shortcuts on the contact page, every page a native post lands on and the visitor’s page', () => {
    for (const path of [
      '/contact',
      '/contact/',
      CONTACT_THANKS_PATH,
      ...Object.values(CONTACT_ERROR_PATHS),
      VISITOR_PAGE_PATH,
      `${VISITOR_PAGE_PATH}/`,
    ]) {
      expect(showsContactShortcuts(path), path).toBe(false);
    }
  });

  it('shows them everywhere else', () => {
    for (const path of ['/', '/professionnels/hp-flottante', '/mentions-legales', '/contactez']) {
      expect(showsContactShortcuts(path), path).toBe(true);
    }
  });
});
