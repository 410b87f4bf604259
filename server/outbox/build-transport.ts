/** The Node server's mail transport, chosen from the settings (server/env.ts). */
import type { ServerEnv } from '#server/env.ts';
import type { Logger } from '#server/logger.ts';
import { createTransport } from './choose-transport.ts';
import type { MailTransport } from './mail-transport.ts';

export function buildMailTransport(
  settings: Pick<
    ServerEnv,
    'DATA_DIR' | 'SMTP_URL' | 'MAIL_API_URL' | 'MAIL_API_KEY' | 'SMTP_TIMEOUT_MS'
  >,
  logger: Logger,
): MailTransport {
  return createTransport({
    dataDir: settings.DATA_DIR,
    logger,
    smtpUrl: settings.SMTP_URL,
    mailApiUrl: settings.MAIL_API_URL,
    mailApiKey: settings.MAIL_API_KEY,
    smtpTimeoutMs: settings.SMTP_TIMEOUT_MS,
  });
}
