import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { invokeValid, query, runFunctionsForThisFile } from './functions.fixture.ts';

/**
 * The Supabase function assigns each request it stores by the team's rule, in the same
 * transaction, as the Node server does (ADR 0045): « Chacun son tour » among the present
 * commerciaux, « Par département » with its fallback.
 */
runFunctionsForThisFile();

let added = 0;

/** A person of the team, added after the previous one (ties in turn go to the first added). */
async function addPerson(first: string, role: string, absent = false): Promise<string> {
  const id = randomUUID();
  added += 1;
  const email = `${first.toLowerCase()}@calora-energies.example`;
  const [from, until] = absent ? ['2000-01-01', '2999-12-31'] : [null, null];
  await query(
    `INSERT INTO staff_people (id, first_name, last_name, email_key, email, role, active,
       created_at, changed_at, absent_from, absent_until)
     VALUES ($1, $2, 'Test', $3, $3, $4, 1, $7, $7, $5, $6)`,
    [id, first, email, role, from, until, added],
  );
  return id;
}

const ownerOf = async (leadId: string) =>
  (
    await query<{ owner_id: string | null }>('SELECT owner_id FROM leads WHERE id = $1', [leadId])
  )[0]?.owner_id;

describe('send-contact-email assigns by the team’s rule', () => {
  it('takes turns among the present commerciaux, then by département', async () => {
    const alice = await addPerson('Alice', 'commercial');
    const bruno = await addPerson('Bruno', 'commercial');
    await addPerson('Denis', 'commercial', true);
    const rose = await addPerson('Rose', 'responsable');
    const owners = [];
    for (let i = 0; i < 4; i += 1)
      owners.push(await ownerOf(await invokeValid(`tour.${i}@entreprise.example`)));
    expect(owners).toEqual([alice, bruno, alice, bruno]);
    const [turn] = await query<{ n: string }>(
      'SELECT count(*) AS n FROM staff_people WHERE last_assigned_at > 0',
    );
    expect(Number(turn!.n)).toBe(2);

    await query(`UPDATE team_settings SET assignment_rule = 'par_departement'`);
    await query(`INSERT INTO team_departements (departement, person_id) VALUES ('2A', $1)`, [rose]);
    const corse = await invokeValid('corse@entreprise.example', {
      adresse: '1 cours Napoléon, 20000 Ajaccio',
    });
    expect(await ownerOf(corse)).toBe(rose);
    const lyon = await invokeValid('lyon@entreprise.example', { adresse: '1 rue, 69001 Lyon' });
    expect(await ownerOf(lyon)).toBe(alice);
  });
});
