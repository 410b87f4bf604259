import type { Kysely } from 'kysely';

import type { Tables } from './schema.ts';

/**
 * The team's part of a copy (`npm run leads -- copy`, ADR 0044): the people, who covers which
 * département and the team's settings, so that every copied request keeps its owner. A person
 * the target already has (same `email_key`: STAFF_EMAILS seeds every start's responsables) keeps
 * the target's id; the others keep theirs. Returns the source's id → the target's id.
 */
export async function copyTeam(
  source: Kysely<Tables>,
  trx: Kysely<Tables>,
): Promise<Map<string, string>> {
  const people = await source
    .selectFrom('staff_people')
    .selectAll()
    .orderBy('created_at')
    .execute();
  const there = await trx.selectFrom('staff_people').select(['id', 'email_key']).execute();
  const byKey = new Map(there.map((person) => [person.email_key, person.id]));
  const ids = new Map<string, string>();
  for (const person of people) {
    const existing = byKey.get(person.email_key);
    if (existing === undefined) await trx.insertInto('staff_people').values(person).execute();
    ids.set(person.id, existing ?? person.id);
  }
  const departements = await source.selectFrom('team_departements').selectAll().execute();
  for (const row of departements) {
    await trx
      .insertInto('team_departements')
      .values({ departement: row.departement, person_id: ids.get(row.person_id) ?? row.person_id })
      .onConflict((conflict) => conflict.column('departement').doNothing())
      .execute();
  }
  const settings = await source.selectFrom('team_settings').selectAll().executeTakeFirst();
  if (settings && settings.changed_at > 0) {
    const { id: _id, ...values } = settings;
    await trx.updateTable('team_settings').set(values).where('id', '=', 1).execute();
  }
  return ids;
}
