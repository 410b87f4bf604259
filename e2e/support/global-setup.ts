import { appendFileSync, rmSync, writeFileSync } from 'node:fs';

import { startSmtpPeer } from '#test-support/smtp-peer.ts';
import { E2E_SMTP_PORT, mailboxPath, type MailboxMessage } from './mailbox.ts';

/**
 * Starts a real SMTP server on 127.0.0.1 for the e2e run; the server under test sends to it
 * (SMTP_URL in playwright.config.ts) and each message is appended to the mailbox file.
 */
export default async function globalSetup() {
  const path = mailboxPath();
  writeFileSync(path, '');
  const peer = await startSmtpPeer({
    port: E2E_SMTP_PORT,
    onMessage: (mail) => {
      const record: MailboxMessage = {
        envelopeFrom: mail.envelopeFrom,
        envelopeTo: mail.envelopeTo,
        headers: Object.fromEntries(mail.headers),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        receivedAt: new Date().toISOString(),
      };
      appendFileSync(path, `${JSON.stringify(record)}\n`);
    },
  });
  return async () => {
    await peer.stop();
    // The fresh DATA_DIR that playwright.config.ts created for this run.
    const dataDir = process.env.E2E_DATA_DIR;
    if (dataDir?.includes('renovation-e2e-data-'))
      rmSync(dataDir, { recursive: true, force: true });
  };
}
