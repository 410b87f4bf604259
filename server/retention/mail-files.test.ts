import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { createTempDir } from '#test-support/harness.ts';
import { removeMailFiles } from './erased-traces.ts';

describe('removeMailFiles', () => {
  it('deletes every file naming the erased requests: their e-mails, a crash’s leftover, the digests that listed them', () => {
    const dataDir = createTempDir('mail-files');
    const directory = join(dataDir, 'outbox-mail');
    mkdirSync(directory, { recursive: true });
    const erased = '4b4f6a36-3c0e-4b8e-9a53-0b1d7d3b2c11';
    const kept = '0193a7c2-5e0f-7000-8000-000000000001';
    const names = [
      ...[
        'notification.eml',
        'confirmation.eml',
        'alert.eml',
        'schedule_update-3.eml',
        'schedule_cancel-4.eml',
        'visitor_notice-5.eml',
        'confirmation.eml.tmp',
      ].flatMap((kind) => [`${erased}-${kind}`, `${kept}-${kind}`]),
      'digest-2026-11-30.eml',
      'digest-2026-12-01.eml',
      'webhook-alert-7.eml',
    ];
    for (const name of names) writeFileSync(join(directory, name), 'x');
    try {
      expect(removeMailFiles(dataDir, [erased], ['2026-12-01'])).toBe(8);
      expect(readdirSync(directory).sort()).toEqual(
        names.filter((name) => !name.startsWith(erased) && name !== 'digest-2026-12-01.eml').sort(),
      );
      expect(removeMailFiles(join(dataDir, 'nowhere'), [kept])).toBe(0);
      expect(existsSync(join(directory, `${kept}-visitor_notice-5.eml`))).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
