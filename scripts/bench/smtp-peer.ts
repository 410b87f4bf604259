/**
 * The bench's SMTP peer, in a process of its own so that receiving mail costs the bench client
 * no CPU in its event loop. Run by `startSmtpPeerProcess`: it listens on 127.0.0.1 (a free
 * port), reports `{ port }` over the IPC channel, then answers each `'count'` message with what
 * it received so far: messages, distinct Message-IDs (a resent e-mail keeps its Message-ID, so
 * `received - distinct` counts e-mails sent twice).
 */
import { fileURLToPath } from 'node:url';

import { SMTPServer } from 'smtp-server';

import { spawnBenchChild } from './child-process.ts';

export interface PeerCount {
  received: number;
  distinct: number;
}

export interface SmtpPeerProcess {
  url: string;
  count(): Promise<PeerCount>;
  stop(): Promise<void>;
}

const MESSAGE_ID = /^message-id:\s*(<[^>\r\n]+>)/im;

function runPeer(): void {
  const ids = new Set<string>();
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    maxClients: 64,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        // The headers come first; the Message-ID is among them.
        if (head.length < 8_192) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        received += 1;
        const id = MESSAGE_ID.exec(head)?.[1];
        if (id) ids.add(id);
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  server.listen(0, '127.0.0.1', () => {
    const address = server.server.address();
    const port = address && typeof address === 'object' ? address.port : 0;
    process.send?.({ port });
  });
  process.on('message', (message) => {
    if (message === 'count') process.send?.({ received, distinct: ids.size });
    if (message === 'stop') server.close(() => process.exit(0));
  });
}

export function startSmtpPeerProcess(): Promise<SmtpPeerProcess> {
  const peer = spawnBenchChild(fileURLToPath(import.meta.url), '--run-peer', 'SMTP peer');
  return peer.next<{ port: number }>().then(({ port }) => ({
    url: `smtp://127.0.0.1:${port}`,
    count: () => peer.count<PeerCount>(),
    stop: peer.stop,
  }));
}

if (process.argv[2] === '--run-peer') runPeer();
