import type { HomeLoad, Load } from './load.ts';
import { percentile } from './load.ts';
import { table } from './server.ts';
import type { PeerCount } from './smtp-peer.ts';
import type { ReceiverCount, ReceiverMode } from './webhook-receiver.ts';

/** The throughput bench's outcome per scenario, its two tables and its verdict (exit status). */

export interface Outcome {
  label: string;
  load: Load;
  /** The home page beside the load; undefined with BENCH_HOME_CONNECTIONS=0. */
  home?: HomeLoad;
  stored: number;
  missing: number;
  mailDue: number;
  duringLoad: PeerCount;
  drained: PeerCount;
  drainSeconds: number;
  /** CPU time of the server processes during the load, and until the drain ended (ms). */
  cpuLoad: number;
  cpuTotal: number;
  webhook?: { mode: ReceiverMode; duringLoad: ReceiverCount; drained: ReceiverCount };
}

const dash = '-';

export function printOutcomes(outcomes: readonly Outcome[]): void {
  table(
    [
      'scenario',
      'stored/s',
      'p50 ms',
      'p99 ms',
      'max ms',
      'acknowledged',
      'stored',
      'refused/errors',
      'home req/s',
      'home p50 ms',
      'home p99 ms',
      'server CPU ms/req',
    ],
    outcomes.map((outcome) => {
      const { label, load: result, stored, home } = outcome;
      const sorted = [...result.latencies].sort((a, b) => a - b);
      const refused =
        [...result.statuses]
          .filter(([code]) => code < 200 || code >= 300)
          .reduce((s, [, c]) => s + c, 0) + result.errors;
      return [
        label,
        (result.acknowledged.length / result.seconds).toFixed(0),
        percentile(sorted, 50).toFixed(1),
        percentile(sorted, 99).toFixed(1),
        (sorted.at(-1) ?? 0).toFixed(1),
        String(result.acknowledged.length),
        String(stored),
        String(refused),
        home
          ? home.requestsPerSecond.toFixed(0) + (home.failed ? ` (${home.failed} failed)` : '')
          : dash,
        home ? home.p50.toFixed(1) : dash,
        home ? home.p99.toFixed(1) : dash,
        (outcome.cpuTotal / Math.max(1, stored)).toFixed(2),
      ];
    }),
  );
  table(
    [
      'scenario',
      'mail during load',
      'mail after drain',
      'mail sent twice',
      'drain s',
      'webhook during load',
      'webhook after drain',
      'webhook sent twice',
      'bad signatures',
    ],
    outcomes.map(({ label, mailDue, duringLoad, drained, drainSeconds, stored, webhook }) => [
      label,
      `${duringLoad.distinct}/${mailDue}`,
      `${drained.distinct}/${mailDue}`,
      String(drained.received - drained.distinct),
      drainSeconds.toFixed(1),
      webhook ? `${webhook.duringLoad.delivered}/${stored}` : dash,
      webhook ? `${webhook.drained.delivered}/${stored}` : dash,
      webhook ? String(webhook.drained.received - webhook.drained.distinct) : dash,
      webhook ? String(webhook.drained.failedSignatures) : dash,
    ]),
  );
  for (const { label, webhook } of outcomes) {
    if (webhook?.mode !== 'hang') continue;
    const { received, distinct } = webhook.drained;
    console.log(
      `${label}: ${received} attempts (${distinct} events) reached the receiver, which held them ` +
        'open and never answered (the server gives an attempt up after WEBHOOK_TIMEOUT_MS and ' +
        'retries it later).',
    );
  }
}

/** Exit status 1 when a promise was broken (an acknowledged request lost, an arrival missing). */
export function checkOutcomes(outcomes: readonly Outcome[]): void {
  const fail = (message: string) => {
    console.error(message);
    process.exitCode = 1;
  };
  for (const outcome of outcomes) {
    const { label, load: result, missing, drained, mailDue, stored, webhook } = outcome;
    if (missing > 0)
      fail(`${label}: ${missing} acknowledged submissions are missing from the database.`);
    if (drained.distinct < mailDue)
      fail(`${label}: ${mailDue - drained.distinct} due e-mails never arrived.`);
    if (drained.received > drained.distinct) {
      fail(`${label}: ${drained.received - drained.distinct} e-mails arrived twice.`);
    }
    if (webhook && webhook.drained.failedSignatures > 0) {
      fail(
        `${label}: ${webhook.drained.failedSignatures} webhook requests failed the signature check.`,
      );
    }
    if (webhook?.mode === 'ok' && webhook.drained.delivered < stored) {
      fail(`${label}: ${stored - webhook.drained.delivered} webhook events never arrived.`);
    }
    if (result.acknowledged.length === 0) fail(`${label}: no submission was acknowledged.`);
  }
  if (!process.exitCode) {
    console.log(
      'Every acknowledged submission is stored; every due e-mail arrived once' +
        (outcomes.some((outcome) => outcome.webhook?.mode === 'ok')
          ? '; every stored request reached the webhook receiver, signed.'
          : '.'),
    );
  }
}
