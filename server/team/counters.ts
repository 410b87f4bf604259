import { personName } from '#contracts/staff/contract.ts';
import type { PersonCounters, TeamCounters } from '#contracts/staff/team.ts';
import type { PersonalStore } from './personal-store.ts';

/** One owner's figures over a window: the call-back clock's own (handed in by the composition). */
type OwnerFigures = Omit<PersonCounters, 'person'>;

/**
 * The call-back clock's figures per owner over `days` days at `now` (its `countersByOwner`,
 * handed in by the composition so that the team does not import the clock).
 */
export type FiguresByOwner = (now: number, days: number) => Promise<Map<string, OwnerFigures>>;

const NONE: OwnerFigures = { received: 0, withinPromiseShare: null, medianMs: null };

/**
 * Each person's counters over `days` days (ADR 0044): the requests they own among those received
 * in the window, the share reached within the promise and the median time to the first reach,
 * by the call-back clock's own rule. Every active person is listed; a deactivated one only when
 * they own a request of the window.
 */
export async function teamCounters(
  store: PersonalStore,
  figures: FiguresByOwner,
  promiseHours: number,
  now: number,
  days = 30,
): Promise<TeamCounters> {
  const byOwner = await figures(now, days);
  const people = await store.people();
  return {
    days,
    promiseHours,
    people: people
      .filter((row) => row.active === 1 || byOwner.has(row.id))
      .map((row) => {
        const name = personName({
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
        });
        return {
          person: { id: row.id, name, active: row.active === 1 },
          ...(byOwner.get(row.id) ?? NONE),
        };
      }),
  };
}
