/**
 * Schema migrations, applied in order by number and recorded in `schema_migrations`. Never edit
 * a migration that has shipped: add the next number, in its own file (`00N-what-it-does.ts`),
 * and list it in `index.ts`. Each one has the same meaning on both engines; only the DDL
 * spelling differs (SQLite `STRICT` tables and `AUTOINCREMENT`, PostgreSQL `BIGINT` times in
 * milliseconds and an identity column), so each carries both texts.
 */
export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
}
