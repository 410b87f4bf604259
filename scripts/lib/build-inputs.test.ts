import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';

import { isBuildInput, newestBuildInput } from './build-inputs.mjs';
import { serverBuildOptions } from './server-bundle.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('isBuildInput', () => {
  it('counts the sources the site build and the server bundle read', () => {
    for (const path of [
      'app/root.tsx',
      'config/site.ts',
      'contracts/contact/schema.ts',
      'public/favicon.svg',
      'scripts/lib/critical-css/page-facts.ts',
      'scripts/vite/icon-sprite-plugin.ts',
      'scripts/postbuild.ts',
      'scripts/build-server.ts',
      'server/http/static-site.ts',
      'server/outbox/transport.ts',
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'vite.config.ts',
      'react-router.config.ts',
      'a-folder-added-later/module.ts',
    ]) {
      expect(isBuildInput(path), path).toBe(true);
    }
  });

  it('leaves out outputs, installed packages, tests, docs and tool settings', () => {
    for (const path of [
      'build/client/index.html',
      'build/server/main.js',
      'node_modules/hono/package.json',
      '.react-router/types/app/+types/root.ts',
      '.git/HEAD',
      'data/leads.sqlite',
      'server/outbox.test.ts',
      'app/components/ui/button.test.tsx',
      'server/leads/routes.fixture.ts',
      'e2e/home.spec.ts',
      'test-support/harness.ts',
      'docs/decisions/0005-compiled-server.md',
      'README.md',
      'playwright.config.ts',
      'vitest.config.ts',
    ]) {
      expect(isBuildInput(path), path).toBe(false);
    }
  });

  it('covers every file the server bundles are made of', async () => {
    const result = await build({ ...serverBuildOptions(ROOT), write: false, logLevel: 'silent' });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toContain('server/http/static-site.ts');
    expect(inputs).toContain('contracts/contact/schema.ts');
    for (const input of inputs) expect(isBuildInput(input), input).toBe(true);
  });
});

describe('newestBuildInput', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('finds the most recently changed input, whatever folder it is in', () => {
    root = mkdtempSync(join(tmpdir(), 'build-inputs-'));
    const files = ['app/root.tsx', 'server/main.ts', 'build/server/main.js', 'e2e/a.spec.ts'];
    for (const file of files) {
      mkdirSync(join(root, file, '..'), { recursive: true });
      writeFileSync(join(root, file), '');
      utimesSync(join(root, file), 1_000, 1_000);
    }
    utimesSync(join(root, 'server/main.ts'), 2_000, 2_000);
    // Newer, but not inputs: an output and a browser test.
    utimesSync(join(root, 'build/server/main.js'), 3_000, 3_000);
    utimesSync(join(root, 'e2e/a.spec.ts'), 3_000, 3_000);
    const newest = newestBuildInput(root);
    expect(newest.path).toBe('server/main.ts');
    expect(newest.mtimeMs).toBe(2_000_000);
  });
});
