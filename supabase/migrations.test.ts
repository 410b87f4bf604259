import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  SUPABASE_MIGRATIONS_DIR,
  SUPABASE_TABLE_ACCESS,
  supabaseMigrationFiles,
} from '#scripts/lib/supabase-migrations.ts';
import { MIGRATIONS } from '#server/db/migrations/index.ts';
import { postJson, startTestServer, validRequest } from '#test-support/harness.ts';
import { startSupabaseDatabase, type SupabaseDatabase } from '#test-support/supabase-db.ts';

describe('supabase/migrations', () => {
  it('are the files generated from the store migrations (run npm run supabase:migrations)', () => {
    const onDisk = readdirSync(SUPABASE_MIGRATIONS_DIR)
      .filter((name) => /_store_v\d+\.sql$/.test(name))
      .sort();
    const generated = supabaseMigrationFiles();
    expect(onDisk).toEqual(generated.map((file) => file.name).sort());
    for (const file of generated) {
      expect(readFileSync(join(SUPABASE_MIGRATIONS_DIR, file.name), 'utf8')).toBe(file.sql);
    }
    expect(generated).toHaveLength(MIGRATIONS.length);
  });

  it('refuses a store table nobody decided the access of', () => {
    expect(() =>
      supabaseMigrationFiles([
        ...MIGRATIONS,
        { version: 99, name: 'x', sqlite: '', postgres: 'CREATE TABLE staff_notes (id TEXT);' },
      ]),
    ).toThrow(/"staff_notes" that SUPABASE_TABLE_ACCESS/);
  });
});

describe('a Supabase database migrated by the Supabase CLI', () => {
  let db: SupabaseDatabase;
  let leadId = '';

  beforeAll(async () => {
    db = await startSupabaseDatabase();
    // What `supabase db push` does for a project, against the local stand-in.
    await db.pushMigrations();
    // The Node server on the same database: it finds the tables migrated and stores a lead.
    const server = await startTestServer({ databaseUrl: db.url });
    try {
      expect(await server.pipeline.stores.database.appliedMigrations()).toEqual(
        MIGRATIONS.map((migration) => migration.version),
      );
      const response = await postJson(server.endpoint, validRequest());
      expect(response.status).toBe(200);
      leadId = ((await response.json()) as { id: string }).id;
    } finally {
      await server.close();
    }
  }, 60_000);

  afterAll(() => db?.close());

  const adminQuery = <Row>(statement: string): Promise<Row[]> => db.query<Row>(statement);

  it('puts row level security on every table and grants the API roles only staff reads', async () => {
    const tables = await adminQuery<{ relname: string; relrowsecurity: boolean }>(
      `SELECT relname, relrowsecurity FROM pg_class
        WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' ORDER BY relname`,
    );
    expect(tables.map((table) => table.relname)).toEqual(Object.keys(SUPABASE_TABLE_ACCESS).sort());
    expect(tables.every((table) => table.relrowsecurity)).toBe(true);

    const grants = await adminQuery<{
      grantee: string;
      table_name: string;
      privilege_type: string;
    }>(
      `SELECT grantee, table_name, privilege_type FROM information_schema.role_table_grants
        WHERE table_schema = 'public' AND grantee IN ('anon', 'authenticated')
        ORDER BY grantee, table_name, privilege_type`,
    );
    expect(grants).toEqual(
      ['lead_calls', 'lead_notes', 'lead_tracking', 'leads', 'outbox', 'staff_audit'].map(
        (table_name) => ({
          grantee: 'authenticated',
          table_name,
          privilege_type: 'SELECT',
        }),
      ),
    );
    const sequences = await adminQuery<{ count: string }>(
      `SELECT count(*) FROM information_schema.role_usage_grants
        WHERE object_schema = 'public' AND grantee IN ('anon', 'authenticated')`,
    );
    expect(sequences[0]?.count).toBe('0');
  });

  it('shows anon nothing and lets it write nothing', async () => {
    await expect(db.queryAs('anon', {}, 'SELECT * FROM leads')).rejects.toThrow(
      /permission denied for table leads/,
    );
    await expect(db.queryAs('anon', {}, 'SELECT * FROM outbox')).rejects.toThrow(
      /permission denied/,
    );
    await expect(
      db.queryAs('anon', {}, `DELETE FROM leads WHERE id = '${leadId}'`),
    ).rejects.toThrow(/permission denied/);
  });

  it('shows a signed-in user who is not staff nothing, whatever their own metadata says', async () => {
    const claims = {
      sub: '00000000-0000-4000-8000-000000000001',
      app_metadata: { provider: 'email' },
      user_metadata: { role: 'staff' },
    };
    expect(await db.queryAs('authenticated', claims, 'SELECT id FROM leads')).toEqual([]);
    expect(await db.queryAs('authenticated', claims, 'SELECT id FROM outbox')).toEqual([]);
    await expect(
      db.queryAs('authenticated', claims, `UPDATE leads SET nom = 'x' WHERE id = '${leadId}'`),
    ).rejects.toThrow(/permission denied/);
    await expect(
      db.queryAs('authenticated', claims, 'SELECT * FROM rate_limit_hits'),
    ).rejects.toThrow(/permission denied/);
  });

  it('lets staff (app_metadata.role) read requests and their e-mails, and change nothing', async () => {
    const staff = {
      sub: '00000000-0000-4000-8000-000000000002',
      app_metadata: { provider: 'email', role: 'staff' },
    };
    expect(await db.queryAs('authenticated', staff, 'SELECT id, email FROM leads')).toEqual([
      { id: leadId, email: 'anne@entreprise.example' },
    ]);
    expect(
      await db.queryAs('authenticated', staff, 'SELECT kind FROM outbox ORDER BY kind'),
    ).toEqual([{ kind: 'confirmation' }, { kind: 'notification' }]);
    await expect(
      db.queryAs('authenticated', staff, `DELETE FROM leads WHERE id = '${leadId}'`),
    ).rejects.toThrow(/permission denied/);
    await expect(
      db.queryAs('authenticated', staff, 'SELECT * FROM schema_migrations'),
    ).rejects.toThrow(/permission denied/);
    // The staff inbox's tables: its history readable, its sign-in secrets and counters not.
    expect(await db.queryAs('authenticated', staff, 'SELECT * FROM lead_notes')).toEqual([]);
    expect(await db.queryAs('authenticated', staff, 'SELECT * FROM staff_audit')).toEqual([]);
    for (const table of ['staff_sessions', 'staff_sign_in_tokens', 'counters']) {
      await expect(db.queryAs('authenticated', staff, `SELECT * FROM ${table}`)).rejects.toThrow(
        /permission denied/,
      );
    }
  });

  it('offers pg_cron and the pg_net and Vault stand-ins the worker schedule will use', async () => {
    await adminQuery(`SELECT vault.create_secret('https://x.supabase.co', 'project_url')`);
    expect(
      await adminQuery(
        `SELECT decrypted_secret FROM vault.decrypted_secrets WHERE name = 'project_url'`,
      ),
    ).toEqual([{ decrypted_secret: 'https://x.supabase.co' }]);
    await adminQuery(
      `SELECT cron.schedule('probe', '* * * * *', $$SELECT net.http_post('http://127.0.0.1:9/x', '{"a":1}'::jsonb)$$)`,
    );
    expect(await adminQuery(`SELECT jobname, schedule FROM cron.job ORDER BY jobname`)).toEqual([
      { jobname: 'outbox-worker', schedule: '* * * * *' },
      { jobname: 'probe', schedule: '* * * * *' },
    ]);
    await adminQuery(`SELECT command FROM cron.job WHERE jobname = 'probe'`).then(async ([job]) =>
      adminQuery((job as { command: string }).command),
    );
    expect(await adminQuery(`SELECT url, body FROM net.recorded_requests`)).toEqual([
      { url: 'http://127.0.0.1:9/x', body: { a: 1 } },
    ]);
  });
});
