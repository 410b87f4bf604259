import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

import { ENGINES } from '#test-support/engines.ts';
import { STAFF_API, STAFF_API_PREFIX } from '#contracts/staff/contract.ts';
import { hashSecret } from './auth.ts';
import {
  api,
  expectFrench,
  fixture,
  MARC,
  server,
  serveStaffApi,
  signIn,
} from './routes.fixture.ts';

/**
 * The staff API against the real server, on both engines: 401 and 403 with no-store, and what
 * the store keeps (hashes only, an append-only audit trail).
 */
describe.each(ENGINES)('the staff API on %s', (engine) => {
  serveStaffApi(engine);

  it('answers every staff route with 401 and no-store without a session', async () => {
    const routes: Array<[string, string]> = [
      ['GET', STAFF_API.session],
      ['POST', STAFF_API.signOut],
      ['POST', STAFF_API.search],
      ['POST', STAFF_API.exportCsv],
      ['GET', STAFF_API.counters],
      ['GET', STAFF_API.lead('abc')],
      ['POST', STAFF_API.status('abc')],
      ['POST', STAFF_API.erase('abc')],
      ['POST', STAFF_API.retry('abc')],
      ['GET', `${STAFF_API_PREFIX}/inconnu`],
    ];
    for (const [method, path] of routes) {
      const response = await fetch(api(path), {
        method,
        headers: { Origin: server.origin, 'Content-Type': 'application/json', Cookie: 'equipe=x' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expectFrench(await response.json());
    }
  });

  it('refuses a cross-site state-changing request with 403, even with a valid session', async () => {
    const { cookie } = await signIn();
    const attempts: Array<Record<string, string>> = [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
    ];
    for (const headers of attempts) {
      const response = await fetch(api(STAFF_API.search), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie, ...headers },
        body: '{}',
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expectFrench(await response.json());
    }
  });

  it('stores tokens and session ids only as hashes', async () => {
    const { cookie, token } = await signIn();
    const sessionId = cookie.split('=')[1]!;
    const stored = await storedSecrets();
    expect(stored).toContain(hashSecret(token));
    expect(stored).toContain(hashSecret(sessionId));
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(sessionId);
  });

  /** Every byte the database holds about sign-ins and sessions. */
  async function storedSecrets(): Promise<string> {
    if (engine === 'postgres') {
      const client = new pg.Client({ connectionString: fixture.config.databaseUrl });
      await client.connect();
      try {
        const tokens = await client.query('SELECT * FROM staff_sign_in_tokens');
        const sessions = await client.query('SELECT * FROM staff_sessions');
        return JSON.stringify([tokens.rows, sessions.rows]);
      } finally {
        await client.end();
      }
    }
    // The SQLite file and its write-ahead log, read as bytes.
    return readdirSync(server.dataDir)
      .filter((name) => name.startsWith('leads.sqlite'))
      .map((name) => readFileSync(join(server.dataDir, name)).toString('latin1'))
      .join('');
  }

  it('keeps the audit trail append-only: the database refuses UPDATE and DELETE', async () => {
    await signIn(MARC);
    for (const statement of ['UPDATE staff_audit SET actor = $1', 'DELETE FROM staff_audit']) {
      await expect(rawExecute(statement)).rejects.toThrow(/append-only/);
    }
  });

  async function rawExecute(statement: string): Promise<void> {
    if (engine === 'postgres') {
      const client = new pg.Client({ connectionString: fixture.config.databaseUrl });
      await client.connect();
      try {
        await client.query(statement, statement.includes('$1') ? ['x'] : []);
      } finally {
        await client.end();
      }
      return;
    }
    const database = new Database(join(server.dataDir, 'leads.sqlite'));
    try {
      database
        .prepare(statement.replace('$1', '?'))
        .run(...(statement.includes('$1') ? ['x'] : []));
    } finally {
      database.close();
    }
  }
});
