import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

import pg from 'pg';

import { findPostgresBinDir, startPostgresCluster, type PostgresCluster } from './postgres.ts';

/**
 * A private PostgreSQL server dressed as a Supabase project's database, for the tests: Supabase's
 * API roles and their default rights on `public` (every new table granted to `anon`,
 * `authenticated` and `service_role`, as Supabase does), `auth.jwt()` reading the claims
 * PostgREST puts in `request.jwt.claims`, Debian's pg_cron preloaded, and stand-ins for what
 * Debian does not package: `net.http_post` (pg_net) records its calls in `net.recorded_requests`
 * instead of sending them, and `vault.decrypted_secrets` is a plain view over `vault.secrets`.
 */
const SUPABASE_BOOTSTRAP_SQL = `
CREATE ROLE anon NOLOGIN NOINHERIT;
CREATE ROLE authenticated NOLOGIN NOINHERIT;
CREATE ROLE service_role NOLOGIN NOINHERIT BYPASSRLS;
CREATE ROLE authenticator LOGIN NOINHERIT;
GRANT anon, authenticated, service_role TO authenticator;

GRANT USAGE ON SCHEMA public TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON TABLES TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON SEQUENCES TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON FUNCTIONS TO anon, authenticated, service_role;

CREATE SCHEMA auth;
GRANT USAGE ON SCHEMA auth TO anon, authenticated, service_role;
CREATE FUNCTION auth.jwt() RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;
CREATE FUNCTION auth.uid() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(auth.jwt() ->> 'sub', '')::uuid
$$;

CREATE EXTENSION pg_cron;

CREATE SCHEMA net;
CREATE TABLE net.recorded_requests (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  url TEXT NOT NULL,
  body JSONB NOT NULL,
  params JSONB NOT NULL,
  headers JSONB NOT NULL,
  timeout_milliseconds INTEGER NOT NULL,
  recorded_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);
CREATE FUNCTION net.http_post(
  url TEXT,
  body JSONB DEFAULT '{}'::jsonb,
  params JSONB DEFAULT '{}'::jsonb,
  headers JSONB DEFAULT '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds INTEGER DEFAULT 5000
) RETURNS BIGINT LANGUAGE sql AS $$
  INSERT INTO net.recorded_requests (url, body, params, headers, timeout_milliseconds)
  VALUES (url, body, params, headers, timeout_milliseconds)
  RETURNING id
$$;

CREATE SCHEMA vault;
CREATE TABLE vault.secrets (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  name TEXT UNIQUE,
  description TEXT NOT NULL DEFAULT '',
  secret TEXT NOT NULL
);
CREATE VIEW vault.decrypted_secrets AS
  SELECT id, name, description, secret, secret AS decrypted_secret FROM vault.secrets;
CREATE FUNCTION vault.create_secret(
  new_secret TEXT, new_name TEXT DEFAULT NULL, new_description TEXT DEFAULT ''
) RETURNS UUID LANGUAGE sql AS $$
  INSERT INTO vault.secrets (secret, name, description)
  VALUES (new_secret, new_name, new_description)
  RETURNING id
$$;
`;

export interface SupabaseDatabase {
  cluster: PostgresCluster;
  /** The project's \`postgres\` database, as SUPABASE_DB_URL would name it. */
  url: string;
  /**
   * Runs \`statement\` as PostgREST would for a request: in a transaction, as \`role\`, with
   * these JWT claims. Resolves with the rows, or rejects with PostgreSQL's error.
   */
  /** Applies supabase/migrations/ with the Supabase CLI from npm, as `supabase db push` does. */
  pushMigrations(): Promise<void>;
  /** A statement as the database owner (what migrations and the functions connect as). */
  query<Row = Record<string, unknown>>(statement: string, values?: unknown[]): Promise<Row[]>;
  queryAs<Row = Record<string, unknown>>(
    role: 'anon' | 'authenticated' | 'service_role',
    claims: Record<string, unknown>,
    statement: string,
  ): Promise<Row[]>;
  close(): void;
}

export async function startSupabaseDatabase(): Promise<SupabaseDatabase> {
  const bin = findPostgresBinDir();
  if (bin && !existsSync(join(bin, '..', 'lib', 'pg_cron.so'))) {
    throw new Error(
      `pg_cron is not installed for the PostgreSQL of ${bin}: \`npm test\` installs Debian's ` +
        '"postgresql-<version>-cron" as root, or run `sudo apt-get install -y postgresql-15-cron`.',
    );
  }
  const cluster = await startPostgresCluster({
    settings: { shared_preload_libraries: 'pg_cron', 'cron.database_name': 'postgres' },
  });
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    try {
      await admin.query(SUPABASE_BOOTSTRAP_SQL);
    } finally {
      await admin.end();
    }
  } catch (error) {
    cluster.destroy();
    throw error;
  }
  return {
    cluster,
    url: cluster.url,
    async pushMigrations() {
      await promisify(execFile)(join('node_modules', '.bin', 'supabase'), [
        'migration',
        'up',
        '--db-url',
        `${cluster.url}?sslmode=disable`,
      ]);
    },
    async query(statement, values = []) {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      try {
        // pg's row type is loose; the caller names the shape it expects.
        return (await client.query(statement, values)).rows as never[];
      } finally {
        await client.end();
      }
    },
    async queryAs(role, claims, statement) {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SET LOCAL ROLE ${role}`);
        await client.query("SELECT set_config('request.jwt.claims', $1, true)", [
          JSON.stringify({ role, ...claims }),
        ]);
        const result = await client.query(statement);
        await client.query('COMMIT');
        // pg's row type is loose; the caller names the shape it expects.
        return result.rows as never[];
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        await client.end();
      }
    },
    close: () => cluster.destroy(),
  };
}
