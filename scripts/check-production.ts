/**
 * Proves that production needs no dev dependency (`npm test` runs it after the build).
 *
 * In a temporary folder outside the project (so that Node cannot fall back to the project's
 * node_modules) it lays out what a deployment has: package.json, package-lock.json, .npmrc,
 * build/ and node_modules pruned with `npm prune --omit=dev`, and checks that no dev package and
 * none of the build tools (typescript, tsx, esbuild, vite) is left. Then it starts
 * `node build/server/main.js`, checks that a page and /healthz answer 200, that a valid lead is
 * accepted and written as .eml files, that the staff CLI bundle lists it, and that SIGTERM stops
 * the server with status 0.
 *
 * Why prune a copy rather than `npm install --omit=dev`: the lockfile decides both, so the same
 * packages remain; a real install would download every package again and compile better-sqlite3
 * from source here (1 to 1.5 min), testing the registry rather than our dependency lists. The
 * copy is made of hard links when the file system allows it (under a second for the whole
 * tree); the copied hidden lockfile is deleted first so that npm never writes through a link.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/paths.ts';
import { validRequest } from '#test-support/harness.ts';
import { waitForServerStarted } from '#test-support/process.ts';

const ROOT = process.cwd();
/** What only the build uses; a production install must hold none of them. */
const BUILD_TOOLS = ['typescript', 'tsx', 'esbuild', 'vite', 'vitest', '@react-router/dev'];
const started = performance.now();

/** Thrown (not process.exit) so that the temporary folder and the server are cleaned up. */
function fail(message: string): never {
  throw new Error(message);
}

function step(message: string) {
  console.log(`  ${message} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

function copyNodeModules(target: string) {
  const linked = spawnSync('cp', ['-al', join(ROOT, 'node_modules'), target], { stdio: 'ignore' });
  if (linked.status !== 0) {
    // Another file system (or no GNU cp): a plain copy.
    rmSync(target, { recursive: true, force: true });
    cpSync(join(ROOT, 'node_modules'), target, { recursive: true, verbatimSymlinks: true });
  }
  rmSync(join(target, '.package-lock.json'), { force: true });
}

interface LockPackage {
  dev?: boolean;
  optional?: boolean;
}

/** The lockfile's dev-only packages that are still on disk (there must be none). */
function remainingDevPackages(dir: string): string[] {
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockPackage>;
  };
  return Object.entries(lock.packages)
    .filter(([path, info]) => path !== '' && info.dev === true)
    .map(([path]) => path)
    .filter((path) => existsSync(join(dir, path)));
}

function startServer(
  dir: string,
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['build/server/main.js'], {
    cwd: dir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return waitForServerStarted(child, { timeoutMs: 30_000 }).then(({ url }) => ({ child, url }));
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Lays out in `dir` what a deployment has, then prunes the dev dependencies and checks them gone. */
function layOutDeployment(dir: string) {
  for (const file of ['package.json', 'package-lock.json', '.npmrc']) {
    cpSync(join(ROOT, file), join(dir, file));
  }
  cpSync(join(ROOT, 'build'), join(dir, 'build'), { recursive: true });
  copyNodeModules(join(dir, 'node_modules'));
  step('copied package.json, package-lock.json, .npmrc, build/ and node_modules');

  const pruned = spawnSync(
    'npm',
    ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: dir, stdio: 'inherit' },
  );
  if (pruned.status !== 0) fail('npm prune --omit=dev failed');
  const leftovers = remainingDevPackages(dir);
  if (leftovers.length > 0) fail(`dev packages left after pruning: ${leftovers.join(', ')}`);
  // The build tools above all: an optional peer of a runtime package (TypeScript, of
  // @react-router/node) is kept by npm even though nothing imports it at run time.
  const buildTools = BUILD_TOOLS.filter((tool) => existsSync(join(dir, 'node_modules', tool)));
  if (buildTools.length > 0) fail(`build tools still installed: ${buildTools.join(', ')}`);
  step(`npm prune --omit=dev: no dev package left, none of ${BUILD_TOOLS.join(', ')}`);
}

/** The pages and /healthz answer 200, a valid lead is accepted and mailed: its id. */
async function checkPagesAndLead(url: string, dataDir: string): Promise<string> {
  for (const path of ['/', '/contact', '/healthz']) {
    const response = await fetch(`${url}${path}`);
    if (response.status !== 200) fail(`GET ${path} answered ${response.status}`);
  }
  const response = await fetch(`${url}${CONTACT_ENDPOINT_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(validRequest()),
  });
  const answer = (await response.json()) as { ok?: boolean; id?: string };
  if (response.status !== 200 || answer.ok !== true || !answer.id) {
    fail(`the lead endpoint answered ${response.status} ${JSON.stringify(answer)}`);
  }
  const id = answer.id;
  const mailDir = join(dataDir, 'outbox-mail');
  const expected = [`${id}-confirmation.eml`, `${id}-notification.eml`];
  await waitFor(
    () => existsSync(mailDir) && expected.every((file) => readdirSync(mailDir).includes(file)),
    'the .eml files',
  );
  step('GET /, /contact, /healthz: 200; the lead: 200 and two .eml files');
  return id;
}

/** The staff CLI bundle lists the lead `id`. */
function checkCliLists(dir: string, env: NodeJS.ProcessEnv, id: string) {
  const listed = spawnSync(process.execPath, ['build/server/leads.js', 'list', '--json'], {
    cwd: dir,
    env,
    encoding: 'utf8',
  });
  if (listed.status !== 0) fail(`leads list failed:\n${listed.stderr}`);
  const leads = JSON.parse(listed.stdout) as Array<{ id: string }>;
  if (!leads.some((lead) => lead.id === id)) fail('leads list --json does not show the lead');
  step('node build/server/leads.js list --json shows it');
}

/** Sends SIGTERM to the server: its exit status. */
function stopWithSigterm(child: ChildProcess): Promise<number | null> {
  return new Promise<number | null>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

async function main() {
  for (const file of ['build/client/index.html', 'build/server/main.js', 'build/server/leads.js']) {
    if (!existsSync(join(ROOT, file))) fail(`${file} is missing: run "npm run build" first`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'renovation-production-'));
  let server: ChildProcess | undefined;
  try {
    layOutDeployment(dir);

    const dataDir = join(dir, 'data');
    // Only what a service manager would set: no NODE_OPTIONS or loader inherited from tsx.
    const env = {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    };
    const running = await startServer(dir, env);
    server = running.child;
    const { url } = running;
    step(`node build/server/main.js listens on ${url}`);

    const id = await checkPagesAndLead(url, dataDir);
    checkCliLists(dir, env, id);

    const exitCode = await stopWithSigterm(server);
    server = undefined;
    if (exitCode !== 0) fail(`SIGTERM: the server exited with ${exitCode}`);
    step('SIGTERM: exit status 0');
  } finally {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `✓ Production install works without dev dependencies (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}

await main().catch((error: unknown) => {
  console.error(`✗ production check: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
