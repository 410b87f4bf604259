import { SMTPServer } from 'smtp-server';

import { parseMail, type ParsedMail } from './mail.ts';

/**
 * A real SMTP server on 127.0.0.1 for the tests (the `smtp-server` package). It records every
 * message it accepts, and can be stopped and started again on the same port to play an outage.
 */
export interface ReceivedMail extends ParsedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  /** The name the sending client gave in EHLO (nodemailer's `name` option). */
  clientName: string;
  /** When the message was accepted (Date.now()). */
  receivedAt: number;
}

export interface SmtpPeer {
  readonly port: number;
  readonly url: string;
  readonly messages: ReceivedMail[];
  /** Stops listening (connections are refused) until `start` is called again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  waitFor(predicate: (messages: ReceivedMail[]) => boolean, timeoutMs?: number): Promise<void>;
}

export interface SmtpPeerOptions {
  port?: number;
  onMessage?: (mail: ReceivedMail) => void;
  /** Recipients refused with `550` (a permanent failure). */
  rejectRecipients?: RegExp;
  /** Each accepted message is answered once this resolves (a slow server, held by the test). */
  answerWhen?: (mail: ReceivedMail) => Promise<void>;
}

/** The server: refuses `rejectRecipients`, records (and reports) every message it accepts. */
function smtpServer(options: SmtpPeerOptions, messages: ReceivedMail[]): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipients?.test(address.address)) {
        const refusal = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        return callback(refusal);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const receivedAt = Date.now();
        parseMail(bytes).then(
          (parsed) => {
            const mail: ReceivedMail = {
              ...parsed,
              raw: bytes.toString('utf8'),
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              clientName: session.hostNameAppearsAs,
              receivedAt,
            };
            messages.push(mail);
            options.onMessage?.(mail);
            return (options.answerWhen?.(mail) ?? Promise.resolve()).then(() => callback());
          },
          (error: unknown) => callback(error as Error),
        );
      });
    },
  });
}

export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let port = options.port ?? 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const instance = smtpServer(options, messages);
      instance.on('error', () => undefined);
      instance.server.once('error', reject);
      instance.listen(port, '127.0.0.1', () => {
        const address = instance.server.address();
        if (address && typeof address === 'object') port = address.port;
        server = instance;
        resolve();
      });
    });

  await listen();

  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    messages,
    stop: () =>
      new Promise<void>((resolve) => {
        const current = server;
        server = undefined;
        if (!current) return resolve();
        current.close(() => resolve());
      }),
    start: async () => {
      if (!server) await listen();
    },
    waitFor: async (predicate, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(messages)) {
        if (Date.now() > deadline) {
          throw new Error(`timed out waiting for mail (${messages.length} received)`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
