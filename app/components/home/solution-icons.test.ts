import { describe, expect, it } from 'vitest';

import { businessSolutions } from '#app/content/solutions/catalog.ts';
import { Sparkles } from '#app/components/ui/icons.tsx';
import { solutionIcon, solutionIcons } from './solution-icons.ts';

describe('solution icons', () => {
  it('gives every business solution its own icon', () => {
    const icons = businessSolutions.map((entry) => solutionIcons[entry.slug]);
    expect(icons.every(Boolean)).toBe(true);
    expect(new Set(icons).size).toBe(businessSolutions.length);
    expect(Object.keys(solutionIcons).sort()).toEqual(
      businessSolutions.map((entry) => entry.slug).sort(),
    );
  });

  it('falls back to a neutral icon for an unknown slug', () => {
    expect(solutionIcon('inconnu')).toBe(Sparkles);
  });
});
