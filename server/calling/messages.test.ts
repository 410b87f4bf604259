import { describe, expect, it } from 'vitest';

import { CALLING_WORDS } from './messages.ts';

describe('the calling marks’ words', () => {
  it('asks in French, with a non-breaking space before the question mark', () => {
    expect(CALLING_WORDS.conflict('Marie Dupont', '14\u00a0h\u00a002')).toBe(
      'Marie Dupont appelle cette personne depuis 14\u00a0h\u00a002. Enregistrer quand même\u00a0?',
    );
  });
});
