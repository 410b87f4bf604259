#!/usr/bin/env node
/**
 * The two commands of the README. Plain Node with no dependency, since it runs before
 * `npm install`:
 *   npm start  installs what is missing, builds when the build is missing or stale, serves;
 *   npm test   installs what is missing (Debian's chromium included), then lint, format,
 *              typecheck, unit tests, build and browser tests.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = process.cwd();
const mode = process.argv[2];
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function mustRun(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

function mtime(path) {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function ensureDependencies() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const wanted = Math.max(
    mtime(join(root, 'package.json')),
    mtime(join(root, 'package-lock.json')),
  );
  if (existsSync(marker) && mtime(marker) >= wanted) return;
  console.log('→ Installing dependencies (npm install)…');
  // `npm ci` cannot be used: the registry mirror lacks other platforms' optional binaries.
  mustRun('npm', ['install', '--no-audit', '--no-fund']);
}

const BUILD_INPUTS = [
  'app',
  'config',
  'contact',
  'public',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
  'scripts/postbuild.ts',
];

function ensureBuild() {
  const stamp = mtime(join(root, 'build', '.build-stamp'));
  const newestInput = Math.max(...BUILD_INPUTS.map((input) => newestMtime(join(root, input))));
  if (stamp > 0 && stamp >= newestInput) return;
  console.log('→ Building the site…');
  mustRun('npm', ['run', 'build']);
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `\n✗ The browser tests need Chromium at ${CHROMIUM}.\n` +
        '  Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
        '  or point CHROMIUM_PATH to an existing Chromium binary.',
    );
    process.exit(1);
  }
  console.log('→ Installing Debian chromium (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  mustRun('apt-get', ['update', '-qq'], { env });
  mustRun(
    'apt-get',
    ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-liberation'],
    {
      env,
    },
  );
}

if (mode === 'start') {
  ensureDependencies();
  ensureBuild();
  mustRun('npx', ['tsx', 'server/main.ts']);
} else if (mode === 'test') {
  ensureDependencies();
  ensureChromium();
  const steps = [
    'lint',
    'format:check',
    'typecheck',
    'test:unit',
    'build',
    'validate:html',
    'test:e2e',
  ];
  for (const step of steps) {
    console.log(`\n→ npm run ${step}`);
    mustRun('npm', ['run', step]);
  }
  console.log('\n✓ All checks passed.');
} else {
  console.error('usage: node scripts/bootstrap.mjs start|test');
  process.exit(2);
}
