/**
 * Lighthouse 12 (mobile profile) on the built site, with Debian Chromium: home, /contact and a
 * solution page, 3 runs each; prints the median score per category. Figures go in the notes;
 * nothing here is a pass/fail gate.
 *
 *   npm run build && npm run lighthouse
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4599);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PATHS = ['/', '/contact', '/professionnels/hp-flottante'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function waitForServer(url: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start at ${url}`);
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-data-'));
  // Node itself runs the server (not npx), so killing this child stops the server too.
  const server: ChildProcess = spawn(process.execPath, ['build/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    await waitForServer(`http://127.0.0.1:${PORT}/healthz`);
    const rows: string[] = [];
    for (const path of PATHS) {
      const scores: Record<string, number[]> = {};
      for (let run = 0; run < RUNS; run += 1) {
        const result = await lighthouse(`http://127.0.0.1:${PORT}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`no Lighthouse result for ${path}`);
        for (const category of CATEGORIES) {
          const score = result.lhr.categories[category]?.score ?? Number.NaN;
          (scores[category] ??= []).push(Math.round(score * 100));
        }
      }
      rows.push(
        [
          path.padEnd(32),
          ...CATEGORIES.map((c) => String(median(scores[c] ?? [])).padStart(15)),
        ].join(''),
      );
    }
    console.log(`\nLighthouse ${RUNS} runs each, mobile profile, median scores`);
    console.log(['page'.padEnd(32), ...CATEGORIES.map((c) => c.padStart(15))].join(''));
    for (const row of rows) console.log(row);
  } finally {
    await chrome.kill();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
