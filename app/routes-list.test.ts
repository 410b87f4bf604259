import { describe, expect, it } from 'vitest';

import { allSolutions, solutionPath } from './content/solutions/catalog.ts';
import routes from './routes.ts';
import { isClientRendered, publicPaths, staticRoutePaths } from './routes-list.ts';

describe('publicPaths', () => {
  it('lists the home page, the static pages and every solution, once each', () => {
    const paths = publicPaths();
    expect(paths.slice(0, 5)).toEqual([
      '/',
      '/contact',
      '/mentions-legales',
      '/politique-confidentialite',
      '/cgv',
    ]);
    for (const entry of allSolutions) expect(paths).toContain(solutionPath(entry));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('leaves out the 404 splat route', () => {
    expect(publicPaths().some((path) => path.includes('*'))).toBe(false);
  });

  it('leaves out the client-rendered staff pages, though they have static paths', () => {
    const staff = ['/equipe', '/equipe/connexion', '/equipe/audience', '/equipe/integrations'];
    expect(staticRoutePaths(routes)).toEqual(expect.arrayContaining(staff));
    for (const path of staff) expect(isClientRendered(path)).toBe(true);
    expect(publicPaths().filter((path) => path.startsWith('/equipe'))).toEqual([]);
    expect(isClientRendered('/equipes-de-pose')).toBe(false);
  });
});

describe('staticRoutePaths', () => {
  it('skips parameters and splats and joins nested paths', () => {
    expect(
      staticRoutePaths([
        { id: 'a', file: 'a.tsx', index: true },
        { id: 'b', file: 'b.tsx', path: 'blog/:slug' },
        {
          id: 'c',
          file: 'c.tsx',
          path: 'aide',
          children: [
            { id: 'd', file: 'd.tsx', index: true },
            { id: 'e', file: 'e.tsx', path: 'faq' },
          ],
        },
        { id: 'f', file: 'f.tsx', path: '*' },
      ]),
    ).toEqual(['/', '/aide', '/aide/faq']);
  });
});
