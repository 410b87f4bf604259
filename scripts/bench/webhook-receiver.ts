/**
 * The bench's CRM webhook receiver, in a process of its own (as the SMTP peer) so that receiving
 * events costs the bench client no CPU in its event loop. It runs the tests' receiver
 * (test-support/webhook-receiver.ts) on 127.0.0.1, a free port, path `/hooks/crm`: every request's
 * signature is checked with `new Webhook(secret).verify(body, headers)` from `standardwebhooks`.
 * Mode `ok` answers 200 at once; mode `hang` never answers and keeps the connection open (the
 * server's attempt then waits for its WEBHOOK_TIMEOUT_MS).
 *
 * Run by `startWebhookReceiverProcess`: it says `'ready'`, gets `{ secret, mode }` over the IPC
 * channel, reports `{ port }`, then answers each `'count'` message with what it received so far.
 */
import { fileURLToPath } from 'node:url';

import { startWebhookReceiver } from '#test-support/webhook-receiver.ts';
import { spawnBenchChild } from './child-process.ts';

export type ReceiverMode = 'ok' | 'hang';

const WEBHOOK_PATH = '/hooks/crm';

export interface ReceiverCount {
  /** Requests received (each attempt, repeats included). */
  received: number;
  /** Distinct `webhook-id`s among them (an event keeps its id on every attempt). */
  distinct: number;
  /** Distinct `webhook-id`s answered with a 2xx, their signature verified: the events delivered. */
  delivered: number;
  /** Requests whose signature did not verify (or not a POST to the path, or not JSON). */
  failedSignatures: number;
}

export interface WebhookReceiverProcess {
  url: string;
  count(): Promise<ReceiverCount>;
  stop(): Promise<void>;
}

async function runReceiver(secret: string, mode: ReceiverMode): Promise<void> {
  const receiver = await startWebhookReceiver({ secret, path: WEBHOOK_PATH });
  receiver.answer = mode === 'hang' ? 'hang' : 200;
  process.send?.({ port: receiver.port });
  process.on('message', (message) => {
    if (message === 'count') {
      const ids = new Set<string>();
      const delivered = new Set<string>();
      let failedSignatures = 0;
      for (const event of receiver.received) {
        ids.add(event.webhookId);
        const answered = typeof event.answered === 'number' ? event.answered : 0;
        if (event.verified && answered >= 200 && answered < 300) {
          delivered.add(event.webhookId);
        }
        if (!event.verified) failedSignatures += 1;
      }
      const count: ReceiverCount = {
        received: receiver.received.length,
        distinct: ids.size,
        delivered: delivered.size,
        failedSignatures,
      };
      process.send?.(count);
    }
    // Drops the hung requests too: the server's attempts then end at once.
    if (message === 'stop') void receiver.stop().then(() => process.exit(0));
  });
}

export function startWebhookReceiverProcess(
  secret: string,
  mode: ReceiverMode,
): Promise<WebhookReceiverProcess> {
  const peer = spawnBenchChild(
    fileURLToPath(import.meta.url),
    '--run-receiver',
    'webhook receiver',
  );
  // The secret over the IPC channel rather than the command line, which other users can read;
  // once the child listens for it (a message sent earlier could be lost).
  return peer
    .next<'ready'>()
    .then(() => {
      const port = peer.next<{ port: number }>();
      peer.child.send({ secret, mode });
      return port;
    })
    .then(({ port }) => ({
      url: `http://127.0.0.1:${port}${WEBHOOK_PATH}`,
      count: () => peer.count<ReceiverCount>(),
      stop: peer.stop,
    }));
}

if (process.argv[2] === '--run-receiver') {
  process.once('message', (message) => {
    const { secret, mode } = message as { secret: string; mode: ReceiverMode };
    void runReceiver(secret, mode);
  });
  process.send?.('ready');
}
