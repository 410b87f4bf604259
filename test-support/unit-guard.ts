import { vi } from 'vitest';

/**
 * Set-up file of the `unit` project (vitest.config.ts): unit tests start no process, so every
 * function of `node:child_process` throws here, naming the rule a test breaks. A test that needs
 * a process imports `node:child_process` (or a helper that does) statically, and the
 * classification (test-support/test-projects.ts) puts it in the integration project.
 */
function refuse(name: string) {
  return () => {
    throw new Error(
      `child_process.${name}() in the unit project: unit tests start no process. Import ` +
        'node:child_process (or the helper that does) statically in the test file, so that ' +
        'test-support/test-projects.ts classifies it as an integration test.',
    );
  };
}

const refused = Object.fromEntries(
  ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'].map((name) => [
    name,
    refuse(name),
  ]),
);

vi.mock('node:child_process', () => ({ ...refused, default: refused }));
vi.mock('child_process', () => ({ ...refused, default: refused }));
