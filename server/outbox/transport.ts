import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import nodemailer from 'nodemailer';

import type { Logger } from '#server/logger.ts';
import { TransportError, type MailTransport } from './mail-transport.ts';
import type { MailMessage } from './templates.ts';

export { type MailTransport } from './mail-transport.ts';

/**
 * Where e-mails go: a transactional HTTP API when MAIL_API_URL is set (`./http-api-transport`),
 * else an SMTP server (nodemailer) when SMTP_URL is set, otherwise `.eml` files in
 * DATA_DIR/outbox-mail/, so the server works with nothing configured.
 */

interface SmtpFailure {
  code?: unknown;
  responseCode?: unknown;
}

function toTransportError(error: unknown): TransportError {
  const failure = (error ?? {}) as SmtpFailure;
  const responseCode = typeof failure.responseCode === 'number' ? failure.responseCode : undefined;
  const code =
    responseCode !== undefined
      ? `smtp_${responseCode}`
      : typeof failure.code === 'string'
        ? failure.code
        : 'unknown';
  // 5xx answers to the message are final (e.g. an unknown recipient); the rest may pass later.
  return new TransportError(code, responseCode !== undefined && responseCode >= 500);
}

function toNodemailer(message: MailMessage) {
  return {
    from: message.from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: message.messageId,
    headers: message.headers,
    ...(message.attachments
      ? {
          attachments: message.attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: file.content,
          })),
        }
      : {}),
    // Never let nodemailer read files or URLs named in a message.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

export interface SmtpOptions {
  /** Socket timeouts, in ms (short in tests). */
  timeoutMs?: number;
}

export function createSmtpTransport(url: string, options: SmtpOptions = {}): MailTransport {
  const timeout = options.timeoutMs ?? 30_000;
  // The URL carries host, port, credentials and nodemailer's query options (e.g. ?requireTLS=true).
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    kind: 'smtp',
    async send(message) {
      try {
        await transporter.sendMail(toNodemailer(message));
      } catch (error) {
        throw toTransportError(error);
      }
    },
    close() {
      transporter.close();
    },
  };
}

/** Writes each message as `<stem>.eml` (atomically: a temporary file, then a rename). */
export function createEmlTransport(directory: string, logger: Logger): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: 'eml',
    async send(message, fileStem) {
      try {
        const info = await transporter.sendMail(toNodemailer(message));
        // Off the event loop: a file creation can wait for the disk (another file's fsync).
        await mkdir(directory, { recursive: true });
        const target = join(directory, `${fileStem}.eml`);
        const temporary = `${target}.tmp`;
        await writeFile(temporary, info.message as Buffer);
        await rename(temporary, target);
        logger.info('mail_written', { file: `${fileStem}.eml` });
      } catch (error) {
        throw toTransportError(error);
      }
    },
    async discard(fileStem) {
      const target = join(directory, `${fileStem}.eml`);
      await rm(`${target}.tmp`, { force: true });
      await rm(target, { force: true });
      logger.info('mail_discarded', { file: `${fileStem}.eml` });
    },
    close() {
      transporter.close();
    },
  };
}

export { EML_DIRECTORY } from './worker-options.ts';
