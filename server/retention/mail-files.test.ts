import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { createTempDir } from '#test-support/harness.ts';
import { removeMailFiles } from './retention.ts';

describe('removeMailFiles', () => {
  it('deletes every .eml of the erased requests, the visitor’s change e-mails included', () => {
    const dataDir = createTempDir('mail-files');
    const directory = join(dataDir, 'outbox-mail');
    mkdirSync(directory, { recursive: true });
    const erased = '4b4f6a36-3c0e-4b8e-9a53-0b1d7d3b2c11';
    const kept = '0193a7c2-5e0f-7000-8000-000000000001';
    const names = [
      ...[
        'notification',
        'confirmation',
        'schedule_update-3',
        'schedule_cancel-4',
        'visitor_notice-5',
      ].flatMap((kind) => [`${erased}-${kind}.eml`, `${kept}-${kind}.eml`]),
      'digest-2026-12-01.eml',
    ];
    for (const name of names) writeFileSync(join(directory, name), 'x');
    try {
      removeMailFiles(dataDir, [erased]);
      expect(readdirSync(directory).sort()).toEqual(
        names.filter((name) => !name.startsWith(erased)).sort(),
      );
      removeMailFiles(join(dataDir, 'nowhere'), [kept]);
      expect(existsSync(join(directory, `${kept}-visitor_notice-5.eml`))).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
