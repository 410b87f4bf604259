import { Buffer } from 'node:buffer';
import { randomBytes } from 'node:crypto';

import { z } from 'zod';

/**
 * The CRM webhook's settings (ADR 0024), part of the server's environment (env.ts): checked at
 * startup like every other setting. Unset WEBHOOK_URL: no webhook, and nothing else changes.
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** HTTPS, or HTTP to this machine only (a local relay, the tests); never a user and password. */
function webhookUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'expected an absolute https:// URL, e.g. https://crm.example.fr/hooks/leads';
  }
  if (
    url.protocol !== 'https:' &&
    !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
  ) {
    return 'expected an https:// URL (http:// only to this machine), e.g. https://crm.example.fr/hooks/leads';
  }
  if (url.username || url.password) {
    return 'a user and password in the URL are refused: put a token in the path if the receiver needs one';
  }
  return undefined;
}

/** `whsec_` and the base64 of 24 to 64 random bytes (Standard Webhooks). */
function webhookSecretProblem(value: string): string | undefined {
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value);
  const bytes = match?.[1] ? Buffer.from(match[1], 'base64') : undefined;
  if (!bytes || bytes.toString('base64') !== match?.[1] || bytes.length < 24 || bytes.length > 64) {
    return 'expected whsec_ followed by the base64 of 24 to 64 random bytes (npm run leads -- webhook-secret prints one)';
  }
  return undefined;
}

/** A new secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;

/** `5s,5m,30m,2h`: the waits in ms, or undefined when a part is not a duration. */
function parseRetryDelays(value: string): number[] | undefined {
  const parts = value.split(',').map((part) => part.trim());
  const delays: number[] = [];
  for (const part of parts) {
    const match = /^(\d{1,6})([smh])$/.exec(part);
    if (!match?.[1] || !match[2]) return undefined;
    const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
    if (ms <= 0 || ms > 7 * 24 * UNIT_MS.h) return undefined;
    delays.push(ms);
  }
  return delays.length > 0 && delays.length <= 30 ? delays : undefined;
}

/** A trimmed string that `problem` accepts (undefined) or refuses with its message. */
function checkedText(problem: (value: string) => string | undefined) {
  return z
    .string()
    .trim()
    .superRefine((value, context) => {
      const message = problem(value);
      if (message) context.addIssue({ code: 'custom', message });
    });
}

const DEFAULT_RETRY_DELAYS = '5s,5m,30m,2h,5h,10h,10h';

export const WEBHOOK_SETTINGS = {
  /** Where the events are POSTed (https, or http to this machine). Unset: no webhook. */
  WEBHOOK_URL: checkedText(webhookUrlProblem).optional(),
  /** The signing secret (Standard Webhooks format); required with WEBHOOK_URL. */
  WEBHOOK_SECRET: checkedText(webhookSecretProblem).optional(),
  /** The waits before each retry after the immediate first attempt: N durations, N + 1 attempts. */
  WEBHOOK_RETRY_DELAYS: z
    .string()
    .trim()
    .default(DEFAULT_RETRY_DELAYS)
    .refine((value) => parseRetryDelays(value) !== undefined, {
      error:
        'expected comma-separated durations in s, m or h (each up to 7 days), e.g. 5s,5m,30m,2h',
    })
    .transform((value) => parseRetryDelays(value) ?? []),
  /** How long one attempt may take, in ms. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(60_000).default(15_000),
};

/** What the pipeline needs of the settings: undefined when no webhook is configured. */
export interface WebhookConfig {
  url: string;
  secret: string;
  retryDelaysMs: readonly number[];
  timeoutMs: number;
}

export function webhookConfigFromEnv(env: {
  WEBHOOK_URL?: string | undefined;
  WEBHOOK_SECRET?: string | undefined;
  WEBHOOK_RETRY_DELAYS: number[];
  WEBHOOK_TIMEOUT_MS: number;
}): WebhookConfig | undefined {
  if (!env.WEBHOOK_URL || !env.WEBHOOK_SECRET) return undefined;
  return {
    url: env.WEBHOOK_URL,
    secret: env.WEBHOOK_SECRET,
    retryDelaysMs: env.WEBHOOK_RETRY_DELAYS,
    timeoutMs: env.WEBHOOK_TIMEOUT_MS,
  };
}

/** The cross-setting rule, as a message for EnvError (undefined when it holds). */
export function webhookSettingsProblem(env: {
  WEBHOOK_URL?: string | undefined;
  WEBHOOK_SECRET?: string | undefined;
}): string | undefined {
  if (env.WEBHOOK_URL && !env.WEBHOOK_SECRET) {
    return 'WEBHOOK_SECRET: required when WEBHOOK_URL is set (npm run leads -- webhook-secret prints one)';
  }
  return undefined;
}

/** The URL as staff and alerts show it: without its query string (a token may be there) nor fragment. */
export function displayedUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}
