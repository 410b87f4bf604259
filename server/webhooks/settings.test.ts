import { describe, expect, it } from 'vitest';

import { EnvError, parseEnv } from '#server/env.ts';
import { runLeadsCommand } from '#server/cli/leads.ts';
import { webhookConfigFromEnv } from './settings.ts';

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

function problemOf(settings: Record<string, string>): string {
  try {
    parseEnv(settings);
  } catch (error) {
    if (error instanceof EnvError) return error.message;
    throw error;
  }
  return '';
}

describe('the CRM webhook’s settings', () => {
  it('are off when WEBHOOK_URL is unset, with the documented defaults', () => {
    const env = parseEnv({});
    expect(webhookConfigFromEnv(env)).toBeUndefined();
    expect(env.WEBHOOK_RETRY_DELAYS).toEqual([
      5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
    ]);
    expect(env.WEBHOOK_TIMEOUT_MS).toBe(15_000);
  });

  it('take an https URL, or http to this machine, with its secret', () => {
    for (const url of ['https://crm.example.fr/hooks/x?token=abc', 'http://127.0.0.1:8080/h']) {
      const config = webhookConfigFromEnv(
        parseEnv({ WEBHOOK_URL: url, WEBHOOK_SECRET: SECRET, WEBHOOK_RETRY_DELAYS: '1s,2m,3h' }),
      );
      expect(config).toEqual({
        url,
        secret: SECRET,
        retryDelaysMs: [1_000, 120_000, 10_800_000],
        timeoutMs: 15_000,
      });
    }
  });

  it('stop the server with a message naming the variable on a bad value', () => {
    expect(problemOf({ WEBHOOK_URL: 'http://crm.example.fr/h', WEBHOOK_SECRET: SECRET })).toMatch(
      /WEBHOOK_URL: expected an https:\/\/ URL/,
    );
    expect(
      problemOf({ WEBHOOK_URL: 'https://user:pass@crm.example.fr/h', WEBHOOK_SECRET: SECRET }),
    ).toMatch(/WEBHOOK_URL: a user and password in the URL are refused/);
    expect(problemOf({ WEBHOOK_URL: 'https://crm.example.fr/h' })).toMatch(
      /WEBHOOK_SECRET: required when WEBHOOK_URL is set/,
    );
    for (const secret of ['abc', 'whsec_', `whsec_${Buffer.alloc(16).toString('base64')}`]) {
      expect(problemOf({ WEBHOOK_SECRET: secret })).toMatch(/WEBHOOK_SECRET: expected whsec_/);
    }
    for (const delays of ['5x', '5s,,5m', '0s', '1s,-2m', '8d']) {
      expect(problemOf({ WEBHOOK_RETRY_DELAYS: delays })).toMatch(/WEBHOOK_RETRY_DELAYS: expected/);
    }
    for (const timeout of ['999', '60001', 'abc']) {
      expect(problemOf({ WEBHOOK_TIMEOUT_MS: timeout })).toMatch(/WEBHOOK_TIMEOUT_MS/);
    }
  });

  it('`npm run leads -- webhook-secret` prints a new, valid secret each time', async () => {
    const first = await runLeadsCommand(['webhook-secret'], { dataDir: 'unused' });
    const second = await runLeadsCommand(['webhook-secret'], { dataDir: 'unused' });
    expect(first.code).toBe(0);
    const secret = first.stdout.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(second.stdout.trim()).not.toBe(secret);
    expect(problemOf({ WEBHOOK_URL: 'https://crm.example.fr/h', WEBHOOK_SECRET: secret })).toBe('');
  });
});
