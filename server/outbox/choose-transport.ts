import { join } from 'node:path';

import type { Logger } from '#server/logger.ts';
import { createHttpApiTransport } from './http-api-transport.ts';
import {
  createEmlTransport,
  createSmtpTransport,
  EML_DIRECTORY,
  type MailTransport,
} from './transport.ts';

/** The settings that choose the Node server's mail transport. */
export interface TransportSettings {
  dataDir: string;
  logger: Logger;
  smtpUrl?: string;
  mailApiUrl?: string;
  mailApiKey?: string;
  smtpTimeoutMs?: number;
}

/** The HTTP API when MAIL_API_URL is set, else SMTP when SMTP_URL is set, else `.eml` files. */
export function createTransport(options: TransportSettings): MailTransport {
  if (options.mailApiUrl) {
    if (options.smtpUrl) {
      options.logger.warn('smtp_url_ignored', { reason: 'MAIL_API_URL is set' });
    }
    return createHttpApiTransport({
      url: options.mailApiUrl,
      apiKey: options.mailApiKey ?? '',
      timeoutMs: options.smtpTimeoutMs,
    });
  }
  if (options.smtpUrl) {
    return createSmtpTransport(options.smtpUrl, { timeoutMs: options.smtpTimeoutMs });
  }
  return createEmlTransport(join(options.dataDir, EML_DIRECTORY), options.logger);
}
