import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Webhook } from 'standardwebhooks';

/**
 * A CRM's webhook endpoint on loopback, for the tests and the bench: it verifies every request's
 * signature with the `standardwebhooks` package (what receivers and no-code tools run) and
 * answers as told: a status, or never (a hung receiver). `stop` then `listen` again on the same
 * port gives a refused connection in between.
 */
export interface ReceivedEvent {
  webhookId: string;
  timestamp: number;
  type: string;
  data: Record<string, unknown>;
  body: string;
  /** The signature checked out (`Webhook.verify` did not throw). */
  verified: boolean;
  /** What the receiver answered. */
  answered: number | 'hang';
  at: number;
}

export type Answer = number | 'hang';

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedEvent[];
  /** What to answer next (default 200); a function decides per request. */
  answer: Answer | ((event: ReceivedEvent) => Answer);
  /** Closes the listener (connections are then refused) and drops hung requests. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  listen(): Promise<void>;
  /** Resolves once `predicate` holds for what was received (polls). */
  waitFor(predicate: (received: ReceivedEvent[]) => boolean, timeoutMs?: number): Promise<void>;
}

export const TEST_WEBHOOK_SECRET = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;

/** Reads one request into the event it carries, its signature checked (`answered` set later). */
async function readEvent(
  request: IncomingMessage,
  verifier: Webhook,
  path: string,
): Promise<ReceivedEvent> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
  );
  let verified = true;
  try {
    verifier.verify(body, headers);
  } catch {
    verified = false;
  }
  let parsed: { type?: string; data?: Record<string, unknown> } = {};
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    verified = false;
  }
  return {
    webhookId: headers['webhook-id'] ?? '',
    timestamp: Number(headers['webhook-timestamp']),
    type: parsed.type ?? '',
    data: parsed.data ?? {},
    body,
    verified:
      verified &&
      request.method === 'POST' &&
      new URL(request.url ?? '/', 'http://receiver').pathname === path,
    answered: 200,
    at: Date.now(),
  };
}

/** Polls until `predicate` holds for what `receiver` received, or throws after `timeoutMs`. */
async function waitForEvents(
  receiver: WebhookReceiver,
  predicate: (received: ReceivedEvent[]) => boolean,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate(receiver.received)) {
    if (Date.now() > deadline) {
      throw new Error(
        `webhook receiver: condition not met; received ${JSON.stringify(
          receiver.received.map((event) => [event.type, event.webhookId, event.answered]),
        )}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startWebhookReceiver(
  options: { secret?: string; port?: number; path?: string } = {},
): Promise<WebhookReceiver> {
  const secret = options.secret ?? TEST_WEBHOOK_SECRET;
  const verifier = new Webhook(secret);
  const path = options.path ?? '/hooks/crm';
  const hung = new Set<ServerResponse>();
  let server: Server | undefined;
  const receiver: WebhookReceiver = {
    url: '',
    port: options.port ?? 0,
    received: [],
    answer: 200,
    async stop() {
      for (const response of hung) response.destroy();
      hung.clear();
      const current = server;
      server = undefined;
      if (!current) return;
      current.closeAllConnections();
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async listen() {
      server = createServer((request, response) => void handle(request, response));
      server.keepAliveTimeout = 5_000;
      await new Promise<void>((resolve) => server?.listen(receiver.port, '127.0.0.1', resolve));
      receiver.port = (server.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${receiver.port}${path}`;
    },
    waitFor: (predicate, timeoutMs = 20_000) => waitForEvents(receiver, predicate, timeoutMs),
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const event = await readEvent(request, verifier, path);
    const answer = typeof receiver.answer === 'function' ? receiver.answer(event) : receiver.answer;
    event.answered = answer;
    receiver.received.push(event);
    if (answer === 'hang') {
      hung.add(response);
      response.on('close', () => hung.delete(response));
      return;
    }
    response.writeHead(answer, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ received: event.webhookId }));
  }

  await receiver.listen();
  return receiver;
}
