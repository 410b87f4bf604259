import type { StoreConfig } from '../db/connection.ts';
import { openConnection } from '../db/open.ts';
import { LeadStore } from './index.ts';

/** Opens (and migrates) the database; throws `StoreOpenError` with a clear message. */
export async function openLeadStore(config: StoreConfig): Promise<LeadStore> {
  return LeadStore.fromConnection(await openConnection(config), config);
}
