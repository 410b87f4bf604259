import { createHash } from 'node:crypto';

/**
 * PostgreSQL's transaction-scoped advisory locks on named things (a client's rate limit, an
 * address's duplicate and confirmation rules), keyed by a 64-bit hash computed here rather than
 * by the server (`hashtextextended`): the statement that takes them then holds no parameter,
 * only digits, and can go in the same round trip as its transaction's `BEGIN` (a query without
 * parameters may hold several statements). Every locker of one name must derive its key here.
 */

/** The advisory lock key of `name`: the first 8 bytes of its SHA-256, as a signed 64-bit integer. */
export function advisoryKey(name: string): bigint {
  return createHash('sha256').update(name).digest().readBigInt64BE(0);
}

/**
 * The statement that takes the locks of `names`, each once, in ascending key order: two
 * transactions (of one instance or of two) that need some of the same locks take them in the
 * same order, so they never wait on each other in a cycle. Undefined when there is none.
 */
export function lockStatement(names: Iterable<string>): string | undefined {
  const keys = [...new Set([...names].map(advisoryKey))].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  if (keys.length === 0) return undefined;
  // Digits only (from `advisoryKey`): nothing of a request reaches the SQL text. `unnest` gives
  // the array's elements in their order.
  return `SELECT pg_advisory_xact_lock(k) FROM unnest(ARRAY[${keys.join(',')}]::bigint[]) AS k`;
}
