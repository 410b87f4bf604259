import { personName } from '#contracts/staff/contract.ts';
import type { PersonCounters, TeamCounters } from '#contracts/staff/team.ts';
import type { OwnedReceived, PersonalStore } from './personal-store.ts';

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

/**
 * Each person's counters over `days` days (ADR 0044): the requests they own among those received
 * in the window, the share reached within the promise and the median time to the first reach,
 * computed by the call-back clock's own rule (`figures`). Every active person is listed; a
 * deactivated one only when they own a request of the window.
 */
export async function teamCounters(
  store: PersonalStore,
  figures: FirstCallFigures,
  promiseHours: number,
  now: number,
  days = 30,
): Promise<TeamCounters> {
  const rows = await store.ownedSince(now - days * DAY_MS);
  const byOwner = new Map<string, OwnedReceived[]>();
  for (const row of rows) byOwner.set(row.ownerId, [...(byOwner.get(row.ownerId) ?? []), row]);
  const people = await store.people();
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
