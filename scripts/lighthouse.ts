/**
 * Lighthouse 12 (mobile profile, simulated slow 4G) on the built site, with Debian Chromium: one
 * page of every route kind, LIGHTHOUSE_RUNS runs each (default 3). Prints per page the median
 * performance score with the lowest run, the medians of FCP, LCP, TBT, CLS and time to interactive,
 * the JavaScript transferred, and the median accessibility, best-practices and SEO scores. Figures
 * go in the notes; nothing here is a pass/fail gate (the byte budgets are tests: e2e/budget.spec.ts).
 *
 *   npm run build && npm run lighthouse
 *   LIGHTHOUSE_PATHS=/,/contact npm run lighthouse   (a subset)
 *   LIGHTHOUSE_REPORT_DIR=/tmp/lh npm run lighthouse  (also keeps every run's JSON report)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4599);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Home, contact, a business and an individual solution page, a legal page. */
const DEFAULT_PATHS = [
  '/',
  '/contact',
  '/professionnels/hp-flottante',
  '/particuliers/pompe-a-chaleur',
  '/mentions-legales',
];
const PATHS = process.env.LIGHTHOUSE_PATHS?.split(',') ?? DEFAULT_PATHS;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  TTI: 'interactive',
} as const;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;

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

interface RunFigures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<keyof typeof METRICS, number>;
  scriptBytes: number;
}

function formatMetric(name: keyof typeof METRICS, value: number): string {
  if (name === 'CLS') return value.toFixed(3);
  if (name === 'TBT') return `${Math.round(value)} ms`;
  return `${(value / 1000).toFixed(2)} s`;
}

/** Lighthouse attempts per run: a run whose trace failed (e.g. NO_NAVSTART) is taken again. */
const ATTEMPTS = 3;

/** One Lighthouse run of `path`, retried when Lighthouse could not measure the page. */
async function audit(port: number, path: string) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(`http://127.0.0.1:${PORT}${path}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`no Lighthouse result for ${path}`);
    const failure = result.lhr.runtimeError;
    if (!failure) return result.lhr;
    if (attempt >= ATTEMPTS) throw new Error(`${path}: ${failure.code}: ${failure.message}`);
    console.warn(`${path}: Lighthouse could not measure the page (${failure.code}); again`);
  }
}

type LighthouseResult = Awaited<ReturnType<typeof audit>>;

/** One run's scores, metrics and script bytes, read from its report. */
function runFigures(lhr: LighthouseResult): RunFigures {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? Number.NaN) * 100)]),
  ) as RunFigures['scores'];
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? Number.NaN]),
  ) as RunFigures['metrics'];
  // resource-summary's details are typed as a generic table: read the script row.
  const items = (
    lhr.audits['resource-summary']?.details as
      { items?: { resourceType?: string; transferSize?: number }[] } | undefined
  )?.items;
  const scriptBytes = items?.find((item) => item.resourceType === 'script')?.transferSize;
  return { scores, metrics, scriptBytes: scriptBytes ?? Number.NaN };
}

/** RUNS audits of `path` (each report kept in REPORT_DIR when set). */
async function measurePage(chromePort: number, path: string): Promise<RunFigures[]> {
  const runs: RunFigures[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const lhr = await audit(chromePort, path);
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true });
      const name = `${path.replace(/\W+/g, '_') || 'home'}-${run + 1}.json`;
      writeFileSync(join(REPORT_DIR, name), JSON.stringify(lhr));
    }
    const figures = runFigures(lhr);
    runs.push(figures);
    const { scores, metrics } = figures;
    console.log(
      `${path} run ${run + 1}: performance ${scores.performance}, FCP ${formatMetric('FCP', metrics.FCP)}, LCP ${formatMetric('LCP', metrics.LCP)}`,
    );
  }
  return runs;
}

const TABLE_HEADER = [
  'page'.padEnd(32),
  'perf (min)'.padStart(11),
  ...Object.keys(METRICS).map((name) => name.padStart(9)),
  'JS'.padStart(9),
  'a11y'.padStart(6),
  'BP'.padStart(5),
  'SEO'.padStart(5),
].join('');

/** One page's line of the table: the medians of its runs. */
function tableRow(path: string, runs: RunFigures[]): string {
  const perf = runs.map((run) => run.scores.performance);
  return [
    path.padEnd(32),
    `${median(perf)} (${Math.min(...perf)})`.padStart(11),
    ...(Object.keys(METRICS) as (keyof typeof METRICS)[]).map((name) =>
      formatMetric(name, median(runs.map((run) => run.metrics[name]))).padStart(9),
    ),
    `${(median(runs.map((run) => run.scriptBytes)) / 1024).toFixed(1)} KB`.padStart(9),
    String(median(runs.map((run) => run.scores.accessibility))).padStart(6),
    String(median(runs.map((run) => run.scores['best-practices']))).padStart(5),
    String(median(runs.map((run) => run.scores.seo))).padStart(5),
  ].join('');
}

/** The built server on PORT, its data in `dataDir`. */
function startServer(dataDir: string): ChildProcess {
  // Node itself runs the server (not npx), so killing this child stops the server too.
  return spawn(process.execPath, ['build/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  });
}

function launchChrome() {
  return chromeLauncher.launch({
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
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-data-'));
  const server = startServer(dataDir);
  const chrome = await launchChrome();
  try {
    await waitForServer(`http://127.0.0.1:${PORT}/healthz`);
    const rows: string[] = [];
    for (const path of PATHS) rows.push(tableRow(path, await measurePage(chrome.port, path)));
    console.log(
      `\nLighthouse ${RUNS} runs each, mobile profile (simulated slow 4G), medians; ` +
        'perf (min) = median performance score (lowest run); JS = script bytes transferred',
    );
    console.log(TABLE_HEADER);
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
