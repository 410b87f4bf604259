import { isAbsolute, resolve } from 'node:path';

import { z } from 'zod';

import { booleanSetting as booleanSchema, httpUrlSetting } from '#config/setting-schemas.ts';
import { siteConfig } from '#config/site.ts';
// The capabilities' own settings, from their settings modules (which import nothing of the
// server), so that a capability's builder may take its type from here.
import { CALLBACK_SETTINGS, callWindowsProblem } from './callback/settings.ts';
import { WEBHOOK_SETTINGS, webhookSettingsProblem } from './webhooks/settings.ts';

/**
 * Server settings, read from the environment and validated at startup: a wrong value stops the
 * server with a message naming the variable, instead of failing later on a request.
 * Every setting is documented, with its default, in `.env.example` and docs/settings.md (a test,
 * server/settings-docs.test.ts, keeps both in step with this schema).
 */
const portSchema = z.coerce.number().int().min(0).max(65_535);

const optionalUrl = httpUrlSetting.optional();

/** `a@b.fr` or `Name <a@b.fr>`: the forms nodemailer accepts for one mailbox. */
const MAILBOX = /^(?:[^<>\r\n]*<[^<>\s,;]+@[^<>\s,;]+>|[^<>\s,;"]+@[^<>\s,;"]+)$/;

const mailboxSchema = z.string().trim().regex(MAILBOX, {
  error: 'expected one address, "name@domain" or "Name <name@domain>"',
});

const mailboxListSchema = z
  .string()
  .trim()
  .refine(
    (value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .every((part) => MAILBOX.test(part)),
    { error: 'expected one or more comma-separated addresses' },
  );

const smtpUrlSchema = z
  .string()
  .trim()
  .refine(
    (value) => {
      try {
        return ['smtp:', 'smtps:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: 'expected an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.fr:587' },
  );

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The API key travels in a header: HTTPS, except to this machine (a local relay, the tests). */
const mailApiUrlSchema = httpUrlSetting.refine(
  (value) => {
    const url = new URL(value);
    return url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname);
  },
  { error: 'expected an https:// URL (http:// only to this machine), e.g. https://api.brevo.com' },
);

const databaseUrlSchema = z
  .string()
  .trim()
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return ['postgres:', 'postgresql:'].includes(url.protocol) && url.hostname !== '';
      } catch {
        return false;
      }
    },
    { error: 'expected a postgres:// URL, e.g. postgres://user:pass@db.example.fr:5432/leads' },
  );

/** Splits a comma-separated setting into its trimmed, non-empty parts. */
function commaParts(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A comma-separated list whose every part passes `isValid`; the parsed value is the list. */
function commaListSchema(isValid: (part: string) => boolean, error: string) {
  return z
    .string()
    .trim()
    .refine((value) => commaParts(value).every(isValid), { error })
    .transform(commaParts);
}

const originListSchema = commaListSchema((part) => {
  try {
    const url = new URL(part);
    return /^https?:$/.test(url.protocol) && url.origin === part.replace(/\/+$/, '');
  } catch {
    return false;
  }
}, 'expected comma-separated origins such as https://www.example.fr').transform((origins) =>
  origins.map((origin) => origin.replace(/\/+$/, '')),
);

/** The e-mail domain of the company, for the default sender and the Message-IDs. */
export function companyMailDomain(): string {
  return siteConfig.email.split('@')[1] ?? 'localhost';
}

const DEFAULT_MAIL_FROM = `"${siteConfig.companyName}" <no-reply@${companyMailDomain()}>`;

export const EnvSchema = z.object({
  PORT: portSchema.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Folder of the built site (defaults to ./build/client). */
  STATIC_DIR: z.string().min(1).default('build/client'),
  /** Public URL of the site, used for canonical URLs and CORS. */
  SITE_URL: optionalUrl,
  /** A hosted backend the pages may post to (its origin joins the pages' CSP). */
  BACKEND_URL: optionalUrl,
  /** Sends `Strict-Transport-Security`; set it when the site is served over HTTPS. */
  HSTS: booleanSchema.default(false),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Folder of the SQLite database and of the `.eml` outbox. */
  DATA_DIR: z.string().min(1).default('data'),
  /** Set: PostgreSQL at this URL instead of SQLite under DATA_DIR (several instances allowed). */
  DATABASE_URL: databaseUrlSchema.optional(),
  /** How long an outbox worker's claim on an e-mail holds (a crashed instance's come back). */
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(2).max(3_600).default(120),
  /** Unset: e-mails are written as `.eml` files under DATA_DIR/outbox-mail/. */
  SMTP_URL: smtpUrlSchema.optional(),
  /** Set: e-mail through Brevo's HTTP API at this base URL instead of SMTP_URL. */
  MAIL_API_URL: mailApiUrlSchema.optional(),
  /** The API key sent in the `api-key` header; required with MAIL_API_URL. */
  MAIL_API_KEY: z.string().trim().min(1).optional(),
  /**
   * Timeouts of the mail transport, in ms: the SMTP client's connection, greeting and idle
   * timeouts, or the whole HTTP API request. Shutdown waits longer.
   */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  MAIL_TO: mailboxListSchema.default(siteConfig.email),
  MAIL_FROM: mailboxSchema.default(DEFAULT_MAIL_FROM),
  SEND_CONFIRMATION: booleanSchema.default(true),
  RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** New requests per minute for the whole site (every instance together); then 503. */
  SITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** Individual notifications per 10 minutes; past it, one alert per window stands for them. */
  NOTIFICATIONS_PER_10_MINUTES: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Lead requests in progress at once per instance (admission control); then 503 at once. */
  MAX_LEAD_REQUESTS_IN_PROGRESS: z.coerce.number().int().min(1).max(10_000).default(64),
  /**
   * A request's headers and body must arrive within this many ms of its first byte; past it the
   * server answers 408 and closes the connection (server/http/timeouts.ts, ADR 0033).
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  /** A 429 or site-budget 503 is answered after this delay, in ms (0: at once). */
  REFUSAL_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(1_000),
  /** Unset: the client is the socket address. Else the header set by the proxy. */
  TRUST_PROXY: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+$/, { error: 'expected a header name, e.g. x-forwarded-for' })
    .optional(),
  /** Origins allowed to call the endpoint from a browser (CORS). */
  SITE_ORIGINS: originListSchema.optional(),
  /** Who may sign in to the staff inbox (/equipe), comma-separated. Unset: nobody. */
  STAFF_EMAILS: commaListSchema(
    (part) => /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(part),
    'expected comma-separated e-mail addresses, e.g. anne@example.fr,marc@example.fr',
  ).default([]),
  /**
   * Record the utm_source/utm_medium/utm_campaign of the landing URL with each request. Off by
   * default: campaign measurement needs the visitor's consent (CNIL) or the company's own legal
   * review.
   */
  RECORD_CAMPAIGNS: booleanSchema.default(false),
  /** The call-back clock (server/callback/settings.ts): promise, working days, call hours, digest. */
  ...CALLBACK_SETTINGS,
  /** The CRM webhook (server/webhooks/settings.ts): URL, secret, retry schedule, timeout. */
  ...WEBHOOK_SETTINGS,
});

export type ServerEnv = z.infer<typeof EnvSchema>;

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): ServerEnv {
  // Empty strings mean "not set", as in most .env files.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new EnvError(`Invalid server settings:\n${lines.join('\n')}`);
  }
  const env = result.data;
  if (env.MAIL_API_URL && !env.MAIL_API_KEY) {
    throw new EnvError(
      'Invalid server settings:\n  MAIL_API_KEY: required when MAIL_API_URL is set (the key of ' +
        'the mail API account)',
    );
  }
  const windowsProblem = callWindowsProblem(env);
  if (windowsProblem) throw new EnvError(`Invalid server settings:\n  ${windowsProblem}`);
  const webhookProblem = webhookSettingsProblem(env);
  if (webhookProblem) throw new EnvError(`Invalid server settings:\n  ${webhookProblem}`);
  // A worker sends from a claimed batch only during the first half of its lease, and one send
  // may take up to the SMTP timeout: a shorter lease could let another instance resend it.
  if (env.OUTBOX_LEASE_SECONDS * 1000 < 2 * env.SMTP_TIMEOUT_MS) {
    throw new EnvError(
      'Invalid server settings:\n  OUTBOX_LEASE_SECONDS: must be at least twice SMTP_TIMEOUT_MS ' +
        `(${Math.ceil((2 * env.SMTP_TIMEOUT_MS) / 1000)} s with SMTP_TIMEOUT_MS=${env.SMTP_TIMEOUT_MS})`,
    );
  }
  return env;
}

/**
 * The origins allowed to call the endpoint: SITE_ORIGINS when set, otherwise the origins the
 * server answers on (localhost and 127.0.0.1 on its port) plus SITE_URL.
 */
export function allowedOrigins(env: ServerEnv, port: number = env.PORT): string[] {
  if (env.SITE_ORIGINS && env.SITE_ORIGINS.length > 0) return env.SITE_ORIGINS;
  const origins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  if (env.SITE_URL) origins.push(new URL(env.SITE_URL).origin);
  return origins;
}

/**
 * The site's address in links that leave the page (staff sign-in e-mails): SITE_URL when set,
 * otherwise the first origin the server answers on (`http://localhost:<port>` by default), so
 * that a server started on any port links to itself rather than to port 3000.
 */
export function publicSiteUrl(env: ServerEnv, port: number = env.PORT): string {
  return env.SITE_URL ?? allowedOrigins(env, port)[0] ?? `http://localhost:${port}`;
}

export function resolveFromCwd(path: string): string {
  return isAbsolute(path) ? path : resolve(process.cwd(), path);
}
