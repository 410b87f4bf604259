import { MIGRATIONS, type Migration } from '#server/db/migrations/index.ts';

/**
 * The Supabase project's tables, as `supabase/migrations/*.sql`: generated from the store's
 * PostgreSQL migrations (`server/db/migrations/`, the one definition), each followed by the
 * access rules of the tables it creates. Supabase grants every role, `anon` included, all
 * rights on new tables of `public` and exposes them through its REST API; so every table gets
 * row level security, loses every grant to `anon` and `authenticated`, and only the tables staff
 * may read get `SELECT` back for `authenticated`, filtered by a policy on the JWT's
 * `app_metadata.role` (set by the project's admins; `user_metadata` is the user's to change).
 *
 * Each file also records its version in the store's `schema_migrations`, so a Node server
 * pointed at the same database (DATABASE_URL) finds the tables migrated and skips them.
 * `npm run supabase:migrations` writes the files; a test fails when they differ from this.
 */
export type TableAccess = 'staff-read' | 'none';

/** Every table the store creates, and who may read it through Supabase's APIs. */
export const SUPABASE_TABLE_ACCESS: Readonly<Record<string, TableAccess>> = {
  schema_migrations: 'none',
  leads: 'staff-read',
  outbox: 'staff-read',
  rate_limit_hits: 'none',
  // Flood rules' shared windows (site budget, notifications, confirmations): server-side only.
  counters: 'none',
  lead_tracking: 'staff-read',
  lead_notes: 'staff-read',
  staff_audit: 'staff-read',
  // Staff sign-in secrets (token and session digests): never through Supabase's APIs.
  staff_sign_in_tokens: 'none',
  staff_sessions: 'none',
  // The call-back clock: the call log is staff's; a digest row holds lead ids only, server-side.
  lead_calls: 'staff-read',
  digests: 'none',
  // Audience aggregates (no personal data): server-side only, read through the staff API.
  audience_daily: 'none',
  audience_campaigns: 'none',
  // The CRM webhook: deliveries (a lead.created's data is the lead's) and their state, read
  // through the staff API only; alerts hold an endpoint URL.
  webhook_events: 'none',
  webhook_attempts: 'none',
  webhook_endpoints: 'none',
  webhook_alerts: 'none',
  // The visitor page's link digests (ADR 0029): secrets, never through Supabase's APIs.
  visitor_links: 'none',
  // The sales team (ADR 0044): who may sign in and with which role, and the team's settings;
  // read and changed through the staff API only (the team page, responsables only).
  staff_people: 'none',
  team_settings: 'none',
  // Owners, absences and départements (the team page), calling marks (the inbox): staff API only.
  team_departements: 'none',
  lead_call_marks: 'none',
};

export const SUPABASE_MIGRATIONS_DIR = 'supabase/migrations';

/** A claim only the project's admins (or a server with the service key) can set. */
const STAFF_CONDITION = `((SELECT auth.jwt()) -> 'app_metadata' ->> 'role') = 'staff'`;

/** The first version's file also creates the store's migration log. */
const SCHEMA_MIGRATIONS_DDL = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at BIGINT NOT NULL
);`;

/** The table names a migration's PostgreSQL text creates. */
function createdTables(sql: string): string[] {
  return [
    ...sql.matchAll(/\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?([a-z_][a-z0-9_]*)"?/gi),
  ].map((match) => (match[1] ?? '').toLowerCase());
}

function accessRules(table: string): string {
  const access = SUPABASE_TABLE_ACCESS[table];
  if (!access) {
    throw new Error(
      `The store migrations create a table "${table}" that SUPABASE_TABLE_ACCESS ` +
        '(scripts/lib/supabase-migrations.ts) does not list: decide who may read it.',
    );
  }
  const lines = [
    `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;`,
    `REVOKE ALL ON TABLE ${table} FROM anon, authenticated;`,
  ];
  if (access === 'staff-read') {
    lines.push(
      `GRANT SELECT ON TABLE ${table} TO authenticated;`,
      `CREATE POLICY ${table}_staff_read ON ${table} FOR SELECT TO authenticated`,
      `  USING (${STAFF_CONDITION});`,
    );
  }
  return lines.join('\n');
}

function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Removes the common indentation of the template literals in the migrations. */
function dedent(sql: string): string {
  const lines = sql.replace(/^\n+|\s+$/g, '').split('\n');
  const indent = Math.min(
    ...lines.filter((line) => line.trim()).map((line) => line.length - line.trimStart().length),
  );
  return lines.map((line) => line.slice(indent).trimEnd()).join('\n');
}

function supabaseMigrationFileName(migration: Pick<Migration, 'version'>): string {
  return `${20261101000000 + migration.version}_store_v${migration.version}.sql`;
}

export function supabaseMigrationFiles(
  migrations: readonly Migration[] = MIGRATIONS,
): Array<{ name: string; sql: string }> {
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  return ordered.map((migration, index) => {
    const tables = createdTables(migration.postgres);
    // The header names the migrations' former single file: kept so that the files already
    // generated (and deployed) stay byte-identical.
    const parts = [
      `-- Generated by \`npm run supabase:migrations\` from server/store/migrations.ts, version ` +
        `${migration.version}:\n-- ${migration.name}.\n-- Do not edit: change the store's ` +
        'migrations, then regenerate.',
    ];
    if (index === 0) parts.push(SCHEMA_MIGRATIONS_DDL, accessRules('schema_migrations'));
    parts.push(dedent(migration.postgres));
    for (const table of tables) parts.push(accessRules(table));
    // Identity columns' sequences: no use to the API roles either.
    if (tables.length > 0) {
      parts.push('REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM anon, authenticated;');
    }
    parts.push(
      'INSERT INTO schema_migrations (version, name, applied_at)\n' +
        `  VALUES (${migration.version}, ${sqlString(migration.name)}, ` +
        '(extract(epoch FROM clock_timestamp()) * 1000)::bigint)\n' +
        '  ON CONFLICT (version) DO NOTHING;',
    );
    return { name: supabaseMigrationFileName(migration), sql: `${parts.join('\n\n')}\n` };
  });
}
