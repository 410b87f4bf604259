import { rmSync } from 'node:fs';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { type Stores, openStores } from '#server/compose/stores.ts';
import { sampleConsent, sampleLead } from '#test-support/lead-input.ts';
import { createTempDir } from '#test-support/harness.ts';
import { hashVisitorToken, VISITOR_LINK_MS } from './link-store.ts';

let dir: string;
let stores: Stores;
const NOW = Date.UTC(2026, 10, 27, 12);

const seedLead = (stores: Stores, id: string, at: number) =>
  stores.leads.insertLead(id, sampleLead({ email: `${id}@example.fr` }), sampleConsent(at), [], at);

beforeEach(async () => {
  dir = createTempDir('visitor-links');
  stores = await openStores({ dataDir: dir });
});

afterEach(async () => {
  await stores.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the visitor page’s links', () => {
  it('open their request for 90 days, stored only as a hash', async () => {
    await seedLead(stores, 'lead-1', NOW);
    const token = await stores.visitorLinks.mint('lead-1', NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await stores.visitorLinks.leadOf(token, NOW + VISITOR_LINK_MS - 1)).toBe('lead-1');
    expect(await stores.visitorLinks.leadOf(token, NOW + VISITOR_LINK_MS)).toBeUndefined();
    const rows = await stores.database.db.selectFrom('visitor_links').selectAll().execute();
    expect(rows).toEqual([
      {
        token_hash: hashVisitorToken(token),
        lead_id: 'lead-1',
        created_at: NOW,
        expires_at: NOW + VISITOR_LINK_MS,
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('open nothing for a made-up, malformed or erased request’s token', async () => {
    await seedLead(stores, 'lead-2', NOW);
    const token = await stores.visitorLinks.mint('lead-2', NOW);
    expect(await stores.visitorLinks.leadOf('A'.repeat(43), NOW)).toBeUndefined();
    expect(await stores.visitorLinks.leadOf(`${token}x`, NOW)).toBeUndefined();
    expect(await stores.visitorLinks.leadOf({ token }, NOW)).toBeUndefined();
    await stores.database.db.deleteFrom('leads').where('id', '=', 'lead-2').execute();
    expect(await stores.visitorLinks.leadOf(token, NOW)).toBeUndefined();
  });

  it('are purged by the daily purge once expired, the others kept', async () => {
    await seedLead(stores, 'lead-3', NOW);
    const old = await stores.visitorLinks.mint('lead-3', NOW);
    const recent = await stores.visitorLinks.mint('lead-3', NOW + 1000);
    const result = await stores.retention.purge(NOW + VISITOR_LINK_MS, 60_000);
    expect(result.visitorLinks).toBe(1);
    expect(await stores.visitorLinks.leadOf(old, NOW)).toBeUndefined();
    expect(await stores.visitorLinks.leadOf(recent, NOW)).toBe('lead-3');
  });
});
