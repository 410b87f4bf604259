import { describe, expect, it } from 'vitest';

import { reachedWords } from './callback.ts';

describe('reachedWords', () => {
  it('says « dans l’heure ouvrée » when no working minute went by, never « en 0 min »', () => {
    expect(reachedWords('joint', 0)).toEqual({
      short: 'rappelé dans l’heure ouvrée',
      spoken: 'rappelé dans l’heure ouvrée',
    });
    expect(reachedWords('repondu_email', 59_999).short).toBe(
      'répondu par e-mail dans l’heure ouvrée',
    );
  });

  it('gives the working time past the first minute', () => {
    expect(reachedWords('joint', 60_000)).toEqual({
      short: 'rappelé en 1 min',
      spoken: 'rappelé en 1 minute ouvrée',
    });
    expect(reachedWords('joint', (2 * 60 + 14) * 60_000).short).toBe('rappelé en 2 h 14');
  });
});
