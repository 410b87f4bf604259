import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect } from 'vitest';
import WebSocket from 'ws';

import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import {
  startEdgeFunction,
  startFunctionsGateway,
  type FunctionsGateway,
  type RunningFunction,
} from '#test-support/edge-functions.ts';
import { TEST_SITE_URL, validRequest } from '#test-support/harness.ts';
import { startMailApiPeer, type MailApiPeer } from '#test-support/mail-api-peer.ts';
import { startSupabaseDatabase, type SupabaseDatabase } from '#test-support/supabase-db.ts';

/**
 * What the Edge Functions' tests (functions.*.test.ts) share: the three functions on Deno,
 * behind a local gateway, on a database dressed as Supabase and migrated by the Supabase CLI,
 * with the mail API stand-in; one such project per test file. `db`, `api`, `gateway` and
 * `workerEnv` are live bindings: read them inside a test, once `runFunctionsForThisFile()` has
 * run its `beforeAll`.
 */
const ANON_KEY = 'public-anon-key';
export const WORKER_SECRET = 'outbox-worker-secret-for-tests';
export const SITE_ORIGIN = new URL(TEST_SITE_URL).origin;
export const FUNCTION_NAME = CONTACT_ENDPOINT_PATH.split('/').at(-1)!;

let db: SupabaseDatabase;
export let api: MailApiPeer;
let functions: RunningFunction[] = [];
export let gateway: FunctionsGateway;
/** The functions' settings (their secrets on Supabase). */
export let workerEnv: Record<string, string> = {};

export function query<Row>(statement: string, values: unknown[] = []): Promise<Row[]> {
  return db.query<Row>(statement, values);
}

/** Called once at the top of a test file. */
export function runFunctionsForThisFile(): void {
  beforeAll(async () => {
    db = await startSupabaseDatabase();
    await db.pushMigrations();
    api = await startMailApiPeer();
    workerEnv = {
      SUPABASE_DB_URL: db.url,
      SITE_URL: TEST_SITE_URL,
      SITE_ORIGINS: SITE_ORIGIN,
      MAIL_API_URL: api.url,
      MAIL_API_KEY: api.apiKey,
      MAIL_FROM: '"Calora Énergies" <no-reply@calora-energies.example>',
      MAIL_TO: 'equipe@calora-energies.example',
      RATE_LIMIT_PER_HOUR: '1000',
      LOG_LEVEL: 'info',
    };
    functions = await Promise.all([
      startEdgeFunction('send-contact-email', workerEnv),
      // The worker reads its secret from Vault (no OUTBOX_WORKER_SECRET setting).
      startEdgeFunction('outbox-worker', workerEnv),
      startEdgeFunction('audience-beacon', workerEnv),
    ]);
    gateway = await startFunctionsGateway(functions);
    await query(`SELECT vault.create_secret($1, 'project_url')`, [gateway.url]);
    await query(`SELECT vault.create_secret($1, 'outbox_worker_secret')`, [WORKER_SECRET]);
  }, 120_000);

  afterAll(async () => {
    await gateway?.stop();
    await Promise.all(functions.map((fn) => fn.stop()));
    await api?.stop();
    db?.close();
  });
}

export const supabase = () =>
  createClient(gateway.url, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });

export async function invokeValid(
  email: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const { data, error } = await supabase().functions.invoke(FUNCTION_NAME, {
    body: validRequest({ email, ...extra }),
  });
  expect(error).toBeNull();
  // The call-back clock runs here too: the answer says when the call comes.
  expect((data as { callbackBy?: string }).callbackBy).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  return (data as { id: string }).id;
}

/** What pg_cron does each minute: run the job's command; returns the call pg_net recorded. */
export async function runScheduledJob() {
  const [job] = await query<{ command: string }>(
    `SELECT command FROM cron.job WHERE jobname = 'outbox-worker'`,
  );
  await query(job!.command);
  const [call] = await query<{ url: string; headers: Record<string, string>; body: unknown }>(
    'SELECT url, headers, body FROM net.recorded_requests ORDER BY id DESC LIMIT 1',
  );
  return call!;
}

/** What pg_net then does: the recorded HTTP call, for real. */
export async function replay(call: {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}) {
  const response = await fetch(call.url, {
    method: 'POST',
    headers: call.headers,
    body: JSON.stringify(call.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function outboxOf(leadId: string) {
  return query<{
    kind: string;
    status: string;
    attempts: number;
    last_error: string | null;
    next_attempt_at: number;
  }>(
    `SELECT kind, status, attempts, last_error, next_attempt_at::float8 AS next_attempt_at
       FROM outbox WHERE lead_id = $1 ORDER BY kind`,
    [leadId],
  );
}
