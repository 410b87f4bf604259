import { describe, expect, it } from 'vitest';

import {
  importMapCovers,
  packageName,
  unmappedImports,
  type DenoModuleGraph,
} from './deno-graph.ts';

const ROOT = '/project';
const IMPORTS = {
  '#server/': '../../../server/',
  hono: 'npm:hono@4.13.19',
  'hono/': 'npm:/hono@4.13.19/',
  zod: 'npm:zod@4.6.7',
  '@hono/node-server/conninfo': 'npm:@hono/node-server@2.1.8/conninfo',
  local: './local.ts',
};

describe('importMapCovers', () => {
  it('follows Deno’s rules: exact keys, keys ending in a slash, npm packages’ subpaths', () => {
    expect(importMapCovers(IMPORTS, 'hono')).toBe(true);
    expect(importMapCovers(IMPORTS, 'hono/cors')).toBe(true);
    expect(importMapCovers(IMPORTS, 'zod/mini')).toBe(true);
    expect(importMapCovers(IMPORTS, '#server/callback/calendar.ts')).toBe(true);
    expect(importMapCovers(IMPORTS, '@hono/node-server/conninfo')).toBe(true);
  });

  it('misses what no key names', () => {
    expect(importMapCovers(IMPORTS, 'date-holidays')).toBe(false);
    expect(importMapCovers(IMPORTS, '@hono/node-server')).toBe(false);
    expect(importMapCovers(IMPORTS, '#contracts/site.ts')).toBe(false);
    expect(importMapCovers(IMPORTS, 'zodiac')).toBe(false);
    // A path mapping is not a package: it covers no subpath.
    expect(importMapCovers(IMPORTS, 'local/x.ts')).toBe(false);
  });
});

describe('packageName', () => {
  it('keeps the scope of a scoped package and drops any subpath', () => {
    expect(packageName('hono/cors')).toBe('hono');
    expect(packageName('@hono/node-server/conninfo')).toBe('@hono/node-server');
    expect(packageName('date-holidays')).toBe('date-holidays');
  });
});

describe('unmappedImports', () => {
  const graph: DenoModuleGraph = {
    modules: [
      {
        specifier: 'file:///project/supabase/functions/beacon/index.ts',
        dependencies: [
          { specifier: 'hono' },
          { specifier: '#server/callback/calendar.ts' },
          { specifier: './local.ts' },
          { specifier: 'node:crypto' },
          { specifier: 'npm:isbot@5.2.3' },
        ],
      },
      {
        specifier: 'file:///project/server/callback/calendar.ts',
        dependencies: [{ specifier: 'date-holidays' }, { specifier: '../other.ts' }],
        typesDependency: { specifier: 'date-holidays/types' },
      },
      {
        specifier: 'file:///project/server/callback/settings.ts',
        dependencies: [{ specifier: 'date-holidays' }, { specifier: '/abs/path.ts' }],
      },
      // A package's own imports are npm's business, not the import map's.
      { specifier: 'npm:/hono@4.13.19', dependencies: [{ specifier: 'undici' }] },
      { specifier: 'node:crypto' },
    ],
  };

  it('lists each bare specifier the project’s modules import and the map misses, with who imports it', () => {
    expect(unmappedImports(graph, IMPORTS, ROOT)).toEqual([
      {
        specifier: 'date-holidays',
        importers: ['server/callback/calendar.ts', 'server/callback/settings.ts'],
      },
      { specifier: 'date-holidays/types', importers: ['server/callback/calendar.ts'] },
    ]);
  });

  it('is empty once the map names the package', () => {
    const imports = { ...IMPORTS, 'date-holidays': 'npm:date-holidays@3.37.0' };
    expect(unmappedImports(graph, imports, ROOT)).toEqual([]);
  });
});
