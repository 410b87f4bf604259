import { isAbsolute, resolve } from 'node:path';

import { z } from 'zod';

/**
 * Server settings, read from the environment and validated at startup: a wrong value stops the
 * server with a message naming the variable, instead of failing later on a request.
 */
const portSchema = z.coerce.number().int().min(0).max(65_535);

const booleanSchema = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = z
  .url({ protocol: /^https?$/ })
  .transform((value) => value.replace(/\/+$/, ''))
  .optional();

export const EnvSchema = z.object({
  PORT: portSchema.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Folder of the built site (defaults to ./build/client). */
  STATIC_DIR: z.string().min(1).default('build/client'),
  /** Public URL of the site, used for canonical URLs and CORS. */
  SITE_URL: optionalUrl,
  /** Sends `Strict-Transport-Security`; set it when the site is served over HTTPS. */
  HSTS: booleanSchema.default(false),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
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
  return result.data;
}

export function resolveFromCwd(path: string): string {
  return isAbsolute(path) ? path : resolve(process.cwd(), path);
}
