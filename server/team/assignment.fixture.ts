import type { Stores } from '#server/compose/stores.ts';
import type { Database } from '#server/db/database.ts';
import { buildLeads } from '#server/leads/index.ts';
import { createMemoryLogger, validRequest } from '#test-support/harness.ts';
import { testSettings } from '#test-support/settings.ts';
import type { LeadAssigner } from '#server/leads/index.ts';
import { teamAssigner } from './batch-assigner.ts';
import { TeamService } from './service.ts';

/** 2026-03-10 09:00 in Paris. */
export const NOW = Date.UTC(2026, 2, 10, 8, 0);

export interface PersonSpec {
  first: string;
  role?: 'responsable' | 'commercial';
  /** An absence holding NOW. */
  absent?: boolean;
}

/** Empties the team, then adds these people (commerciaux unless said), in order; their ids. */
export async function seedTeam(
  database: Database,
  specs: readonly PersonSpec[],
): Promise<Map<string, string>> {
  await database.db.updateTable('leads').set({ owner_id: null }).execute();
  await database.db.deleteFrom('team_departements').execute();
  await database.db.deleteFrom('staff_people').execute();
  const team = new TeamService(database);
  const ids = new Map<string, string>();
  for (const [i, spec] of specs.entries()) {
    const email = `${spec.first.toLowerCase()}@calora-energies.example`;
    const role = spec.role ?? 'commercial';
    const added = await team.add(
      { firstName: spec.first, lastName: 'Test', email, role },
      'test',
      i,
    );
    if (!added.ok) throw new Error(added.reason);
    ids.set(spec.first, added.person.id);
    if (spec.absent) {
      await database.db
        .updateTable('staff_people')
        .set({ absent_from: '2026-03-09', absent_until: '2026-03-11' })
        .where('id', '=', added.person.id)
        .execute();
    }
  }
  return ids;
}

/** The lead service of one instance, with the team's rule (or `assigner`). */
export function leadService(stores: Stores, assigner: LeadAssigner = teamAssigner) {
  let tick = 0;
  return buildLeads(testSettings(), stores, {
    logger: createMemoryLogger([]),
    webhooks: false,
    onStored: () => undefined,
    contactOffer: undefined,
    // Every request a millisecond after the previous one of this instance.
    now: () => NOW + (tick += 1),
    assigner,
  });
}

/** A valid request of its own address (no duplicates), at `adresse`. */
export function request(n: number, adresse = '3 rue de la Paix, 75002 Paris') {
  return validRequest({ email: `client.${n}@entreprise.example`, adresse });
}

/** Owners of every stored request, counted by person id (null: unassigned). */
export async function shares(database: Database): Promise<Map<string | null, number>> {
  const rows = await database.db.selectFrom('leads').select('owner_id').execute();
  const counts = new Map<string | null, number>();
  for (const row of rows) counts.set(row.owner_id, (counts.get(row.owner_id) ?? 0) + 1);
  return counts;
}
