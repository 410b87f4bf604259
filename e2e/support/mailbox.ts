import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The mail the e2e server sent, as received by the SMTP peer that `global-setup.ts` starts:
 * one JSON object per line in a file this helper reads back.
 */
export interface MailboxMessage {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
/** The SMTP peer listens here; the e2e server's SMTP_URL points to it. */
export const E2E_SMTP_PORT = E2E_PORT + 1000;

export function mailboxPath(): string {
  return join(tmpdir(), `renovation-e2e-mailbox-${E2E_PORT}.jsonl`);
}

export function readMailbox(): MailboxMessage[] {
  const path = mailboxPath();
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as MailboxMessage);
}

/** Resolves with the first message matching `predicate`, or fails after `timeoutMs`. */
export async function waitForMail(
  predicate: (message: MailboxMessage) => boolean,
  timeoutMs = 10_000,
): Promise<MailboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readMailbox().find(predicate);
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(`No matching mail within ${timeoutMs} ms (${readMailbox().length} received)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
