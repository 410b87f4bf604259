import { join } from 'node:path';

import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

import { STAFF_API } from '#contracts/staff/contract.ts';
import { WEBHOOK_API, type LeadWebhooks } from '#contracts/staff/webhooks-contract.ts';
import { signInStaff, submitRequest } from '#test-support/webhook-server.ts';
import { cleanUpAfterAll, engineRun, receiverFor } from './delivery.fixture.ts';

/**
 * The CRM webhook end to end (ADR 0024), on SQLite and on PostgreSQL: what erasing a person does
 * to their events.
 */
cleanUpAfterAll();

describe.each(['sqlite', 'postgres'] as const)('the CRM webhook on %s', (engine) => {
  const run = engineRun(engine);
  const { server } = run;

  it('never delivers a lead.created still failing when its person is erased, delivers lead.erased, and keeps none of their data', async () => {
    const receiver = await receiverFor();
    receiver.answer = (event) => (event.type === 'lead.created' ? 500 : 200);
    const running = await server(receiver, 'erasure', { retryDelays: '1s,1s,1s,1s,1s,1s' });
    const id = await submitRequest(running, `efface.${engine}@entreprise.example`);
    await receiver.waitFor((received) => received.length >= 1);
    const staff = await signInStaff(running, run.setup.peer);
    expect((await staff.post(STAFF_API.erase(id))).status).toBe(200);
    await receiver.waitFor((received) => received.some((event) => event.type === 'lead.erased'));
    const erased = receiver.received.find((event) => event.type === 'lead.erased');
    expect(erased?.verified).toBe(true);
    expect(erased?.data).toEqual({ id, erasedAt: expect.stringMatching(/^\d{4}-/) });
    const createdAttempts = receiver.received.filter((event) => event.type === 'lead.created');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    // No attempt of lead.created after the erasure, and none ever succeeded.
    expect(receiver.received.filter((event) => event.type === 'lead.created')).toHaveLength(
      createdAttempts.length,
    );
    expect(createdAttempts.every((event) => event.answered === 500)).toBe(true);
    const { events } = await staff.get<LeadWebhooks>(WEBHOOK_API.lead(id));
    expect(events.map((event) => [event.type, event.status])).toEqual([
      ['lead.created', 'cancelled'],
      ['lead.erased', 'delivered'],
    ]);
    // Nothing of the person stays: no payload, no response of the CRM.
    const leftovers = await personalLeftovers(id);
    expect(leftovers).toEqual({ payloads: 0, responses: 0 });
  }, 90_000);

  /** The payloads and responses still stored for a lead's events other than lead.erased. */
  async function personalLeftovers(leadId: string) {
    const statement = `
      SELECT
        (SELECT count(*) FROM webhook_events
          WHERE lead_id = $1 AND type <> 'lead.erased' AND payload IS NOT NULL) AS payloads,
        (SELECT count(*) FROM webhook_attempts a JOIN webhook_events e ON e.id = a.event_id
          WHERE e.lead_id = $1 AND e.type <> 'lead.erased' AND a.response IS NOT NULL) AS responses`;
    if (run.databaseUrl) {
      const client = new pg.Client({ connectionString: run.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ payloads: string; responses: string }>(statement, [
          leadId,
        ]);
        return { payloads: Number(rows[0]?.payloads), responses: Number(rows[0]?.responses) };
      } finally {
        await client.end();
      }
    }
    const db = new Database(join(run.setup.root, 'erasure', 'leads.sqlite'), { readonly: true });
    try {
      const row = db.prepare(statement.replaceAll('$1', '?')).get(leadId, leadId) as {
        payloads: number;
        responses: number;
      };
      return { payloads: row.payloads, responses: row.responses };
    } finally {
      db.close();
    }
  }
});
