import type { Kysely } from 'kysely';

import { inTransaction, type Connection } from './connection.ts';
import { copyTeam } from './copy-team.ts';
import type { Tables } from './schema.ts';

/**
 * Moving up: copying a store's leads and e-mails, with the team that owns them, into another one
 * (`npm run leads -- copy`).
 */

export interface CopyCounts {
  leads: { source: number; copied: number; alreadyThere: number };
  outbox: { source: number; copied: number; alreadyThere: number; pending: number };
}

/**
 * Copies every lead (with its consent) and every outbox row from `source` into `target`, in
 * one transaction on the target. Rows already there (same lead id, same Message-ID) are left
 * alone, so running it twice copies nothing the second time. Outbox rows keep their status,
 * attempts and times: pending mail stays pending, and is sent by the target's workers.
 */
export async function copyStore(source: Kysely<Tables>, target: Connection): Promise<CopyCounts> {
  const leads = await source.selectFrom('leads').selectAll().orderBy('created_at').execute();
  // A digest e-mail belongs to the source's `digests` day, not copied (see ADR 0022).
  const mails = await source
    .selectFrom('outbox')
    .selectAll()
    .where('kind', '!=', 'digest')
    .orderBy('id')
    .execute();
  const tracking = await source.selectFrom('lead_tracking').selectAll().execute();
  const counts: CopyCounts = {
    leads: { source: leads.length, copied: 0, alreadyThere: 0 },
    outbox: {
      source: mails.length,
      copied: 0,
      alreadyThere: 0,
      pending: mails.filter((mail) => mail.status === 'pending').length,
    },
  };
  const BATCH = 200;
  await inTransaction(target, async (trx) => {
    // The people first: a request's owner and a hand-over e-mail name one.
    const people = await copyTeam(source, trx);
    const personOf = (id: string | null) => (id === null ? null : (people.get(id) ?? id));
    for (let start = 0; start < leads.length; start += BATCH) {
      const batch = leads
        .slice(start, start + BATCH)
        .map((lead) => ({ ...lead, owner_id: personOf(lead.owner_id) }));
      const inserted = await trx
        .insertInto('leads')
        .values(batch)
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .execute();
      counts.leads.copied += inserted.length;
    }
    for (let start = 0; start < mails.length; start += BATCH) {
      const batch = mails.slice(start, start + BATCH).map(({ id: _id, ...mail }) => ({
        ...mail,
        person_id: personOf(mail.person_id),
        // A claim means nothing on another database.
        claimed_until: null,
        claim_token: null,
      }));
      const inserted = await trx
        .insertInto('outbox')
        .values(batch)
        .onConflict((conflict) => conflict.column('message_id').doNothing())
        .returning('id')
        .execute();
      counts.outbox.copied += inserted.length;
    }
    for (let start = 0; start < tracking.length; start += BATCH) {
      await trx
        .insertInto('lead_tracking')
        .values(tracking.slice(start, start + BATCH))
        .onConflict((conflict) => conflict.column('lead_id').doNothing())
        .execute();
    }
  });
  counts.leads.alreadyThere = counts.leads.source - counts.leads.copied;
  counts.outbox.alreadyThere = counts.outbox.source - counts.outbox.copied;
  return counts;
}
