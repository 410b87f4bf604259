import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { BUILD_RECORD_FILE } from '#config/build-env.ts';
import {
  backendUrlMismatch,
  warnOnBackendUrlMismatch,
  warnOnCrmNotInPolicy,
} from './build-record.ts';
import type { Logger } from './logger.ts';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'build-record-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function record(backendUrl: string | null) {
  writeFileSync(join(dir, BUILD_RECORD_FILE), JSON.stringify({ backendUrl }));
}

function recordingLogger() {
  const warnings: { event: string; fields?: Record<string, unknown> }[] = [];
  const ignore = () => {};
  const logger: Logger = {
    debug: ignore,
    info: ignore,
    error: ignore,
    warn: (event, fields) => warnings.push({ event, fields }),
  };
  return { logger, warnings };
}

describe('backendUrlMismatch', () => {
  it('is silent when the build and the server agree', () => {
    record(null);
    expect(backendUrlMismatch(dir, undefined)).toBeUndefined();
    record('https://x.supabase.co');
    expect(backendUrlMismatch(dir, 'https://x.supabase.co/')).toBeUndefined();
  });

  it('reports both values when they differ', () => {
    record('https://x.supabase.co');
    expect(backendUrlMismatch(dir, undefined)).toEqual({
      built: 'https://x.supabase.co',
      server: null,
    });
    record(null);
    expect(backendUrlMismatch(dir, 'https://y.supabase.co')).toEqual({
      built: null,
      server: 'https://y.supabase.co',
    });
  });

  it('says nothing about a build that left no record', () => {
    expect(backendUrlMismatch(dir, 'https://y.supabase.co')).toBeUndefined();
  });
});

describe('warnOnBackendUrlMismatch', () => {
  it('logs one warning naming both URLs', () => {
    record('https://x.supabase.co');
    const { logger, warnings } = recordingLogger();
    warnOnBackendUrlMismatch(dir, 'https://y.supabase.co', logger);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.event).toBe('backend_url_differs_from_build');
    expect(warnings[0]?.fields).toMatchObject({
      built: 'https://x.supabase.co',
      server: 'https://y.supabase.co',
    });
    expect(String(warnings[0]?.fields?.message)).toMatch(/BACKEND_URL/);
  });

  it('logs nothing when they agree', () => {
    record('https://x.supabase.co');
    const { logger, warnings } = recordingLogger();
    warnOnBackendUrlMismatch(dir, 'https://x.supabase.co', logger);
    expect(warnings).toEqual([]);
  });
});

describe('warnOnCrmNotInPolicy', () => {
  it('warns when the webhook sends requests to a CRM the privacy policy does not name', () => {
    const { logger, warnings } = recordingLogger();
    record(null);
    warnOnCrmNotInPolicy(dir, 'https://crm.example.fr/hooks/leads', logger);
    expect(warnings.map((warning) => warning.event)).toEqual(['crm_missing_from_privacy_policy']);
  });

  it('is silent without a webhook, or when the pages name the CRM', () => {
    const { logger, warnings } = recordingLogger();
    record(null);
    warnOnCrmNotInPolicy(dir, undefined, logger);
    writeFileSync(
      join(dir, BUILD_RECORD_FILE),
      JSON.stringify({ backendUrl: null, crmName: 'Pipedrive' }),
    );
    warnOnCrmNotInPolicy(dir, 'https://crm.example.fr/hooks/leads', logger);
    expect(warnings).toEqual([]);
  });
});
