import type {
  Expression,
  ExpressionBuilder,
  Kysely,
  Selectable,
  SelectQueryBuilder,
  SqlBool,
} from 'kysely';

import type { Engine } from './connection.ts';
import type { Tables } from './schema.ts';

/**
 * The lease claim the outbox and the webhook queue share. A worker *claims* due rows: it writes
 * a lease (`claimed_until`) and its token on them in one statement, so no other worker takes
 * them until it marks them or the lease runs out (then a crashed worker's rows come back). On
 * PostgreSQL the candidates are also locked with `FOR UPDATE SKIP LOCKED`, so two workers
 * claiming at the same moment pick different rows instead of waiting on each other.
 */
export type LeasedTable = 'outbox' | 'webhook_events';

export interface Lease {
  now: number;
  limit: number;
  token: string;
  leaseMs: number;
  /**
   * Whether a row still bearing this worker's token may be claimed again (the outbox: a worker
   * claims only between batches, so such a row was abandoned, e.g. when the database failed in
   * the middle).
   */
  reclaimOwn: boolean;
}

/** Free: nobody holds the row, its lease ran out, or (`reclaimOwn`) it bears this token. */
function claimable<T extends LeasedTable>(lease: Lease) {
  return (eb: ExpressionBuilder<Tables, T>): Expression<SqlBool> => {
    // The two tables' lease columns have the same names and types; Kysely cannot see a column
    // of a generic table, so the builder is read as the outbox's.
    const outbox = eb as unknown as ExpressionBuilder<Tables, 'outbox'>;
    return outbox.or([
      outbox('claimed_until', 'is', null),
      outbox('claimed_until', '<=', lease.now),
      ...(lease.reclaimOwn ? [outbox('claim_token', '=', lease.token)] : []),
    ]);
  };
}

/**
 * Claims up to `lease.limit` due rows of `table` for `lease.token` until `now + leaseMs`: the
 * pending ones whose `next_attempt_at` has come and that are free, narrowed and ordered by
 * `narrow` (the capability's own conditions). Returns the claimed rows, in no particular order.
 */
export async function claimLeased<T extends LeasedTable>(
  db: Kysely<Tables>,
  engine: Engine,
  table: T,
  lease: Lease,
  narrow: (
    candidates: SelectQueryBuilder<Tables, T, { id: number }>,
  ) => SelectQueryBuilder<Tables, T, { id: number }>,
): Promise<Selectable<Tables[T]>[]> {
  // Read as the outbox's: see `claimable`. The statements name `table` all the same.
  const typed = db as unknown as Kysely<Pick<Tables, 'outbox'>>;
  const free = claimable<'outbox'>(lease);
  const due = typed
    .selectFrom(table as 'outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', lease.now)
    .where(free);
  const candidates = narrow(due as unknown as SelectQueryBuilder<Tables, T, { id: number }>)
    .limit(lease.limit)
    .$if(engine === 'postgres', (query) => query.forUpdate().skipLocked());
  const rows = await typed
    .updateTable(table as 'outbox')
    .set({ claimed_until: lease.now + lease.leaseMs, claim_token: lease.token })
    .where(
      'id',
      'in',
      candidates as unknown as SelectQueryBuilder<Tables, 'outbox', { id: number }>,
    )
    // Re-checked on the row's latest version (PostgreSQL), in case it changed meanwhile.
    .where('status', '=', 'pending')
    .where(free)
    .returningAll()
    .execute();
  return rows as unknown as Selectable<Tables[T]>[];
}
