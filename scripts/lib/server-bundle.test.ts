import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

import { missingRuntimeDependencies, packageName } from './server-bundle.ts';

function metafileImporting(...paths: string[]): Metafile {
  return {
    inputs: {},
    outputs: {
      'build/server/main.js': {
        bytes: 0,
        inputs: {},
        exports: [],
        imports: paths.map((path) => ({ path, kind: 'import-statement', external: true })),
      },
    },
  };
}

describe('the server bundle', () => {
  it('names the package of a deep import', () => {
    expect(packageName('@hono/node-server/conninfo')).toBe('@hono/node-server');
    expect(packageName('hono/cors')).toBe('hono');
    expect(packageName('zod')).toBe('zod');
  });

  it('reports external imports that are not runtime dependencies', () => {
    const metafile = metafileImporting(
      'node:fs',
      'crypto',
      'hono',
      '@hono/node-server/conninfo',
      'tsx/esm',
      '@supabase/supabase-js',
    );
    const dependencies = { hono: '1', '@hono/node-server': '1' };
    expect(missingRuntimeDependencies(metafile, dependencies)).toEqual([
      '@supabase/supabase-js',
      'tsx',
    ]);
  });
});
