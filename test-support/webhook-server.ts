import { validRequest } from './harness.ts';
import { startServerProcess, type ServerProcess } from './process.ts';
import type { SmtpPeer } from './smtp-peer.ts';
import { signInByMail } from './staff-sign-in.ts';
import { TEST_WEBHOOK_SECRET, type WebhookReceiver } from './webhook-receiver.ts';

/**
 * A real server process with the CRM webhook pointed at a test receiver, e-mail to an SMTP peer,
 * and one staff address, plus the calls the webhook tests make to it as a visitor and as staff.
 */
const WEBHOOK_STAFF = 'crm@calora-energies.example';

export interface WebhookServerOptions {
  dataDir: string;
  staticDir: string;
  databaseUrl?: string;
  peer: SmtpPeer;
  receiver: WebhookReceiver;
  retryDelays?: string;
  timeoutMs?: number;
  env?: Record<string, string>;
}

export function startWebhookServer(options: WebhookServerOptions): Promise<ServerProcess> {
  return startServerProcess({
    DATA_DIR: options.dataDir,
    STATIC_DIR: options.staticDir,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    SMTP_URL: options.peer.url,
    SMTP_TIMEOUT_MS: '1500',
    OUTBOX_LEASE_SECONDS: '3',
    WEBHOOK_URL: options.receiver.url,
    WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    WEBHOOK_RETRY_DELAYS: options.retryDelays ?? '1s,1s',
    WEBHOOK_TIMEOUT_MS: String(options.timeoutMs ?? 1000),
    STAFF_EMAILS: WEBHOOK_STAFF,
    TRUST_PROXY: 'x-forwarded-for',
    SITE_RATE_LIMIT_PER_MINUTE: '100000',
    NOTIFICATIONS_PER_10_MINUTES: '100000',
    RATE_LIMIT_PER_HOUR: '100000',
    REFUSAL_DELAY_MS: '0',
    ...options.env,
  });
}

let clients = 0;

/** Posts a valid request as a visitor (its own client address); returns the id answered. */
export async function submitRequest(server: ServerProcess, email: string): Promise<string> {
  clients += 1;
  const response = await fetch(server.endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `198.51.100.${clients % 250}`,
    },
    body: JSON.stringify(validRequest({ email })),
  });
  const body = (await response.json()) as { id?: string };
  if (response.status !== 200 || !body.id) {
    throw new Error(`request refused: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.id;
}

/** A signed-in staff member of `server`: its session cookie and JSON calls with it. */
export interface StaffClient {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<{ status: number; body: T }>;
}

export async function signInStaff(server: ServerProcess, peer: SmtpPeer): Promise<StaffClient> {
  const origin = server.url;
  const send = (path: string, body: unknown, cookie?: string) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });
  const cookie = await signInByMail({ url: server.url, origin }, peer, WEBHOOK_STAFF);
  return {
    async get<T>(path: string) {
      const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
      if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`);
      return (await response.json()) as T;
    },
    async post<T>(path: string, body: unknown = {}) {
      const response = await send(path, body, cookie);
      return { status: response.status, body: (await response.json()) as T };
    },
  };
}
