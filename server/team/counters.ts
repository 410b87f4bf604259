import { sql, type Kysely } from 'kysely';

import { choiceFromColumns } from '#contracts/contact/choice-records.ts';
import type { ContactChoice } from '#contracts/contact/contact-choice.ts';
import { personName } from '#contracts/staff/contract.ts';
import { REACHING_OUTCOMES } from '#contracts/staff/statuses.ts';
import type { PersonCounters, TeamCounters } from '#contracts/staff/team.ts';
import type { Tables } from '#server/db/schema.ts';

/** A request received in the window, as the call-back counters read it (server/callback). */
export interface OwnedReceived {
  ownerId: string;
  createdAt: number;
  dueAt: number | null;
  choice: ContactChoice;
  reachedAt: number | null;
  open: boolean;
}

/**
 * The call-back clock's own figures for a set of requests (its `firstCallStats`, handed in by
 * the composition so that the team does not import the clock): the share reached within the
 * promise and the median working time to the first reach.
 */
export type FirstCallFigures = (
  rows: readonly Omit<OwnedReceived, 'ownerId'>[],
  now: number,
  days: number,
) => Pick<PersonCounters, 'withinPromiseShare' | 'medianMs'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const reaching = sql.raw(`(${REACHING_OUTCOMES.map((outcome) => `'${outcome}'`).join(', ')})`);

/** The owned requests received since `since`, with when each person was first reached. */
async function ownedSince(db: Kysely<Tables>, since: number): Promise<OwnedReceived[]> {
  const rows = await db
    .selectFrom('leads')
    .leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id')
    .select((eb) => [
      'leads.owner_id',
      'leads.created_at',
      'leads.due_at',
      'leads.contact_channel',
      'leads.contact_days',
      'leads.contact_slots',
      'lead_tracking.status',
      eb
        .selectFrom('lead_calls')
        .select((inner) => inner.fn.min('lead_calls.at').as('first'))
        .whereRef('lead_calls.lead_id', '=', 'leads.id')
        .where(sql<boolean>`lead_calls.outcome IN ${reaching}`)
        .as('reached_at'),
    ])
    .where('leads.created_at', '>=', since)
    .where('leads.owner_id', 'is not', null)
    .execute();
  return rows.map((row) => ({
    ownerId: row.owner_id ?? '',
    createdAt: row.created_at,
    dueAt: row.due_at,
    choice: choiceFromColumns(row.contact_channel, row.contact_days, row.contact_slots),
    reachedAt: row.reached_at === null ? null : Number(row.reached_at),
    open: ['nouveau', 'en_cours'].includes(row.status ?? 'nouveau'),
  }));
}

/**
 * Each person's counters over `days` days (ADR 0044): the requests they own among those received
 * in the window, the share reached within the promise and the median time to the first reach,
 * computed by the call-back clock's own rule (`figures`). Every active person is listed; a
 * deactivated one only when they own a request of the window.
 */
export async function teamCounters(
  db: Kysely<Tables>,
  figures: FirstCallFigures,
  promiseHours: number,
  now: number,
  days = 30,
): Promise<TeamCounters> {
  const rows = await ownedSince(db, now - days * DAY_MS);
  const byOwner = new Map<string, OwnedReceived[]>();
  for (const row of rows) byOwner.set(row.ownerId, [...(byOwner.get(row.ownerId) ?? []), row]);
  const people = await db
    .selectFrom('staff_people')
    .select(['id', 'first_name', 'last_name', 'email', 'active'])
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('email_key')
    .execute();
  return {
    days,
    promiseHours,
    people: people
      .filter((row) => row.active === 1 || byOwner.has(row.id))
      .map((row) => {
        const owned = byOwner.get(row.id) ?? [];
        const name = personName({
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
        });
        return {
          person: { id: row.id, name, active: row.active === 1 },
          received: owned.length,
          ...figures(owned, now, days),
        };
      }),
  };
}
