#!/usr/bin/env node
/**
 * The commands of the README (npm start, npm test, npm run leads). Plain Node with no dependency, since it runs before
 * `npm install`:
 *   npm start  installs what is missing, builds when the build is missing or stale, serves;
 *   npm test   installs what is missing (Debian's chromium, libreoffice-calc-nogui, postgresql and
 *              pg_cron included), then lint, format,
 *              typecheck then unused code (knip) beside lint, the import boundaries
 *              (docs/architecture.md), format and deno
 *              check (modules shared with the Edge Functions),
 *              the build beside the unit tests, HTML validation beside the production-install
 *              check, integration tests, browser tests;
 *   npm run leads -- …  runs the staff CLI's bundle, compiling it first when it is missing or
 *              stale and the build tools are installed (never in a production install).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { newestBuildInput } from './lib/build-inputs.mjs';

const root = process.cwd();
const mode = process.argv[2];
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** LibreOffice Calc: the CSV export's test opens the file in it (server/leads/csv.calc.test.ts). */
const SOFFICE = process.env.SOFFICE_PATH || '/usr/bin/soffice';

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

const SITE_STAMP = join(root, 'build', '.build-stamp');
const SERVER_BUNDLE = join(root, 'build', 'server', 'main.js');
const CLI_BUNDLE = join(root, 'build', 'server', 'leads.js');

/** Builds the site and the server when an output is missing or older than any build input. */
function ensureBuild() {
  const built = Math.min(mtime(SITE_STAMP), mtime(SERVER_BUNDLE), mtime(CLI_BUNDLE));
  const newest = newestBuildInput(root);
  if (built > 0 && built >= newest.mtimeMs) return;
  console.log(built > 0 ? `→ Rebuilding (${newest.path} changed)…` : '→ Building…');
  mustRun('npm', ['run', 'build']);
}

/**
 * The staff CLI needs only its own bundle. Everything is printed on stderr: the CLI's stdout
 * is its output (JSON, CSV).
 */
function ensureCliBundle() {
  const built = mtime(CLI_BUNDLE);
  const newest = newestBuildInput(root);
  if (built > 0 && built >= newest.mtimeMs) return;
  const canBuild = existsSync(join(root, 'node_modules', 'esbuild', 'package.json'));
  if (!canBuild) {
    if (built > 0) return; // a production install: run the bundle that was deployed
    console.error('✗ build/server/leads.js is missing: run "npm install && npm run build:server".');
    process.exit(1);
  }
  mustRun('npm', ['run', '--silent', 'build:server'], { stdio: ['ignore', 2, 2] });
}

/**
 * Runs the compiled server and passes SIGTERM on (a service manager stopping `npm start`), so
 * that it stops gracefully and its exit status becomes ours. SIGINT is not passed on: Ctrl-C
 * already reaches the whole process group, and a second SIGINT forces the server's exit.
 */
function serve() {
  const server = spawn(process.execPath, ['build/server/main.js'], { stdio: 'inherit', cwd: root });
  process.on('SIGTERM', () => server.kill('SIGTERM'));
  process.on('SIGINT', () => undefined);
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Runs `npm run <step>` with its output kept; resolves with its status and output. */
function runBuffered(step, env) {
  return new Promise((resolve) => {
    const begun = Date.now();
    const child = spawn('npm', ['run', step], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const status = code ?? 1;
      const mark = status === 0 ? '✓' : '✗';
      console.log(`\n${mark} npm run ${step} (${seconds(Date.now() - begun)}, exit ${status})`);
      process.stdout.write(Buffer.concat(chunks));
      resolve(status);
    });
  });
}

/**
 * Runs a group's lanes side by side, each lane's steps one after the other (two lanes: one per
 * core). A lone step prints as it goes; in several lanes each step keeps its output and prints it
 * in one block when it ends, so lines never interleave. A failing step stops its lane and fails
 * the run once the group has ended, every output shown.
 */
async function runGroup(lanes) {
  if (lanes.length === 1 && lanes[0].length === 1) {
    const [[step]] = lanes;
    console.log(`\n→ npm run ${step}`);
    const begun = Date.now();
    mustRun('npm', ['run', step]);
    console.log(`✓ ${step} (${seconds(Date.now() - begun)})`);
    return;
  }
  const names = lanes.map((lane) => lane.map((step) => `npm run ${step}`).join(' then '));
  console.log(`\n→ side by side: ${names.join(' | ')}`);
  const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;
  const failed = [];
  await Promise.all(
    lanes.map(async (lane) => {
      for (const step of lane) {
        const status = await runBuffered(step, env);
        if (status !== 0) {
          failed.push({ step, status });
          return;
        }
      }
    }),
  );
  if (failed.length > 0) {
    for (const { step, status } of failed)
      console.error(`\n✗ npm run ${step} failed (exit ${status})`);
    process.exit(failed[0].status);
  }
}

const POSTGRES_ROOT = '/usr/lib/postgresql';

/**
 * The tests start private PostgreSQL servers from Debian's binaries, whatever the version (the
 * outage test and the bench need their own server even when TEST_DATABASE_URL names one).
 */
function hasPostgres() {
  if (process.env.PG_BIN_DIR) return true;
  if (!existsSync(POSTGRES_ROOT)) return false;
  return readdirSync(POSTGRES_ROOT).some((version) =>
    existsSync(join(POSTGRES_ROOT, version, 'bin', 'initdb')),
  );
}

/** The newest PostgreSQL major version installed from Debian's packages, or undefined. */
function postgresMajor() {
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  return readdirSync(POSTGRES_ROOT)
    .filter((version) => existsSync(join(POSTGRES_ROOT, version, 'bin', 'initdb')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))[0];
}

/**
 * The Supabase tests preload pg_cron (Debian's postgresql-<version>-cron) in their private
 * server. With PG_BIN_DIR set, the operator provides it.
 */
function hasPgCron() {
  if (process.env.PG_BIN_DIR) return true;
  const major = postgresMajor();
  return major !== undefined && existsSync(join(POSTGRES_ROOT, major, 'lib', 'pg_cron.so'));
}

/**
 * Installs what the tests need from Debian, when missing: Chromium, LibreOffice Calc (without its
 * desktop, no recommended packages), PostgreSQL and pg_cron.
 */
function ensureSystemPackages() {
  installSystemPackages(false);
  // pg_cron's package name carries the PostgreSQL version, known once PostgreSQL is installed.
  installSystemPackages(true);
}

function installSystemPackages(cronPass) {
  const packages = [];
  const hints = [];
  if (!cronPass && !existsSync(CHROMIUM)) {
    packages.push('chromium', 'fonts-liberation');
    hints.push(`The browser tests need Chromium at ${CHROMIUM} (or point CHROMIUM_PATH to one).`);
  }
  if (!cronPass && !existsSync(SOFFICE)) {
    packages.push('libreoffice-calc-nogui');
    hints.push(
      `The CSV test opens the export in LibreOffice Calc at ${SOFFICE} (or point SOFFICE_PATH to one).`,
    );
  }
  if (!cronPass && !hasPostgres()) {
    packages.push('postgresql');
    hints.push(
      'The store tests need PostgreSQL binaries (/usr/lib/postgresql/<version>/bin,\n' +
        '  or PG_BIN_DIR naming such a folder).',
    );
  }
  if (cronPass && hasPostgres() && !hasPgCron()) {
    packages.push(`postgresql-${postgresMajor() ?? '15'}-cron`);
    hints.push("The Supabase tests need pg_cron for PostgreSQL's server (Debian's package).");
  }
  if (packages.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `\n✗ ${hints.join('\n  ')}\n` +
        `  Install with:  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(`→ Installing Debian ${packages.join(', ')} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  mustRun('apt-get', ['update', '-qq'], { env });
  mustRun('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { env });
}

if (mode === 'start') {
  ensureDependencies();
  ensureBuild();
  serve();
} else if (mode === 'leads') {
  // A fresh clone: install. Never in a production install (--omit=dev), which has node_modules.
  if (!existsSync(join(root, 'node_modules'))) ensureDependencies();
  ensureCliBundle();
  process.exit(run(process.execPath, ['build/server/leads.js', ...process.argv.slice(3)]));
} else if (mode === 'test') {
  ensureDependencies();
  ensureSystemPackages();
  // Groups run in order: a later one needs an earlier one's output (the build) or the whole
  // machine (the integration and browser tests, whose timings matter). Inside a group, two lanes
  // run side by side (two cores), each lane's gates in turn; the gates of a group are independent.
  const groups = [
    [
      ['typecheck', 'check:unused'],
      ['lint', 'check:boundaries', 'format:check', 'check:deno'],
    ],
    [['build'], ['test:unit']],
    [['validate:html'], ['test:production']],
    [['test:integration']],
    [['test:e2e']],
  ];
  const started = Date.now();
  for (const group of groups) await runGroup(group);
  console.log(`\n✓ All checks passed (${seconds(Date.now() - started)}).`);
} else {
  console.error('usage: node scripts/bootstrap.mjs start|test|leads [arguments]');
  process.exit(2);
}
