import pg from 'pg';

/**
 * BENCH_PG_STATEMENTS=1: the bench's PostgreSQL server loads `pg_stat_statements`, and after
 * each PostgreSQL scenario this prints what the server ran for it: statements by kind, with
 * calls per stored request, the round trips they took (a statement sent in one query with its
 * transaction's BEGIN takes none of its own) and the group-commit batches (one transaction
 * that stores submissions: counted as the batches' lock statements).
 */
const PG_STATEMENTS = process.env.BENCH_PG_STATEMENTS === '1';

export const PG_STATEMENTS_SETTINGS: Record<string, string> = PG_STATEMENTS
  ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'top' }
  : {};

export async function enableStatements(url: string): Promise<void> {
  if (!PG_STATEMENTS) return;
  const client = new pg.Client(url);
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await client.end();
}

export async function resetStatements(url: string): Promise<void> {
  if (!PG_STATEMENTS) return;
  const client = new pg.Client(url);
  await client.connect();
  await client.query('SELECT pg_stat_statements_reset()');
  await client.end();
}

export async function printStatements(
  url: string,
  database: string,
  label: string,
  stored: number,
): Promise<void> {
  if (!PG_STATEMENTS) return;
  const client = new pg.Client(url);
  await client.connect();
  const { rows: raw } = await client.query<{ query: string; calls: string; ms: string }>(
    `SELECT regexp_replace(query, '\\s+', ' ', 'g') AS query, calls, total_exec_time AS ms
       FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
      WHERE d.datname = $1
      ORDER BY calls DESC`,
    [database],
  );
  await client.end();
  const rows = groupStatements(raw);
  const calls = (pattern: RegExp) =>
    rows.filter((row) => pattern.test(row.query)).reduce((sum, row) => sum + Number(row.calls), 0);
  // The advisory locks (lockStatement): one statement per group-commit batch, sent with its
  // BEGIN. (A staff sign-in's rate check takes one too, on its own; the bench makes none.)
  const locks = calls(/^SELECT pg_advisory_xact_lock\(k\) FROM unnest/);
  const batches = locks > 0 ? locks : Number.NaN;
  const total = calls(/^/);
  // Statements sent in the same query as their BEGIN (the batch's locks, the outbox's SET LOCAL)
  // cost no round trip of their own.
  const withBegin = locks + calls(/^SET LOCAL/);
  const trips = total - withBegin;
  console.log(
    `\n${label}: statements run by PostgreSQL (pg_stat_statements; BEGIN/COMMIT included), ` +
      `${stored} requests stored`,
  );
  console.log(
    `  total ${total} statements in ${trips} round trips, ${(trips / stored).toFixed(2)} ` +
      `round trips per stored request` +
      (Number.isFinite(batches)
        ? `; ${batches} batches, ${(stored / batches).toFixed(1)} requests per batch`
        : ''),
  );
  for (const row of rows.slice(0, 16)) {
    console.log(
      `  ${String(row.calls).padStart(8)}  ${(Number(row.calls) / stored).toFixed(2).padStart(6)}/req  ` +
        `${Number(row.ms).toFixed(0).padStart(6)} ms  ${row.query.slice(0, 110)}`,
    );
  }
}

/** One line per statement whatever its number of rows or values (multi-row inserts, IN lists). */
function groupStatements(rows: ReadonlyArray<{ query: string; calls: string; ms: string }>) {
  const groups = new Map<string, { query: string; calls: number; ms: number }>();
  for (const row of rows) {
    const query = row.query
      .replace(/\$\d+/g, '$')
      .replace(/ARRAY\[\$(?:,\$)*\]/g, 'ARRAY[…]')
      .replace(
        /\((?:\$|CAST\(\$ AS \w+\))(?:, (?:\$|CAST\(\$ AS \w+\)))*\)(?:, \([^()]*(?:\([^()]*\)[^()]*)*\))*/g,
        '(…)',
      );
    const group = groups.get(query) ?? { query, calls: 0, ms: 0 };
    group.calls += Number(row.calls);
    group.ms += Number(row.ms);
    groups.set(query, group);
  }
  return [...groups.values()]
    .sort((a, b) => b.calls - a.calls)
    .map((group) => ({ query: group.query, calls: String(group.calls), ms: String(group.ms) }));
}
