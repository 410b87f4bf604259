import { readdirSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { MIGRATIONS } from './index.ts';

describe('migrations', () => {
  it('are numbered 1, 2, 3… in order, one file per version named by its number', () => {
    const versions = MIGRATIONS.map((migration) => migration.version);
    expect(versions).toEqual(versions.map((_, index) => index + 1));
    const files = readdirSync(new URL('.', import.meta.url))
      .filter((name) => /^\d{3}-.+\.ts$/.test(name))
      .sort();
    expect(files.map((name) => Number(name.slice(0, 3)))).toEqual(versions);
  });
});
