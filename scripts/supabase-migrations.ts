/**
 * Writes supabase/migrations/*.sql from the store's migrations (see
 * scripts/lib/supabase-migrations.ts). Run it after adding a migration (server/db/migrations/); the test
 * supabase/migrations.test.ts fails until the files match.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { SUPABASE_MIGRATIONS_DIR, supabaseMigrationFiles } from './lib/supabase-migrations.ts';

const folder = join(process.cwd(), SUPABASE_MIGRATIONS_DIR);
mkdirSync(folder, { recursive: true });
const files = supabaseMigrationFiles();
const wanted = new Set(files.map((file) => file.name));
// Only the generated files (`*_store_v<N>.sql`) are managed here; others are left alone.
for (const name of readdirSync(folder)) {
  if (/_store_v\d+\.sql$/.test(name) && !wanted.has(name)) rmSync(join(folder, name));
}
for (const file of files) writeFileSync(join(folder, file.name), file.sql);
console.log(`✓ ${files.length} migration files in ${SUPABASE_MIGRATIONS_DIR}/`);
