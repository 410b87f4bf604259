import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(join(import.meta.dirname, path), 'utf8');

describe('hero illustration', () => {
  const svg = read('hero-illustration.svg');

  it('draws only with colours of the site palette', () => {
    const palette = new Set(
      [...read('../app.css').matchAll(/--color-[a-z]+-\d+:\s*(#[0-9a-f]{6});/g)].map((m) => m[1]),
    );
    palette.add('#fff');
    const used = [...svg.matchAll(/(?:fill|stroke)="(#[0-9a-f]+)"/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((colour) => !palette.has(colour))).toEqual([]);
  });

  it('has the intrinsic size the hero reserves for it (480 × 420)', () => {
    expect(svg).toMatch(/<svg [^>]*width="480" height="420" viewBox="0 0 480 420"/);
  });
});
