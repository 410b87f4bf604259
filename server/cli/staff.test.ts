import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ENGINES, engineFixture, type EngineFixture } from '#test-support/engines.ts';
import { openStores } from '#server/compose/stores.ts';
import { TEAM_REFUSALS } from '#server/team/index.ts';
import { sampleConsent, sampleLead } from '#test-support/lead-input.ts';
import { runLeadsCommand } from './leads.ts';

/**
 * `npm run leads -- staff …` and `sign-in-link` on both engines (ADR 0044): the team page's
 * rules from the command line, STAFF_EMAILS applied first, each change in the audit trail as
 * `operator`.
 */
const ANNE = 'anne@calora-energies.example';
const LEA = 'lea@calora-energies.example';

describe.each(ENGINES)('npm run leads -- staff on %s', (engine) => {
  let fixture: EngineFixture;
  const settings = { staffEmails: [ANNE], siteUrl: 'https://x.example' };
  const run = (...args: string[]) => runLeadsCommand(args, fixture.config, settings);

  beforeEach(async () => {
    fixture = await engineFixture(engine);
  });
  afterEach(async () => {
    await fixture.cleanup();
  });

  it('lists, adds, changes a role, deactivates and reactivates, with the same rules', async () => {
    expect(await run('staff', 'list')).toEqual({
      code: 0,
      stdout: `${ANNE}\tresponsable\tactive\t\n`,
      stderr: '',
    });
    const added = await run('staff', 'add', LEA, 'commercial', 'Léa', 'Martin', 'Roux');
    expect(added.code).toBe(0);
    expect(added.stdout).toBe(`${LEA}\tcommercial\tactive\tLéa Martin Roux\n`);
    expect((await run('staff', 'add', LEA, 'commercial', 'Léa', 'Martin')).stderr).toBe(
      `${TEAM_REFUSALS.exists}\n`,
    );
    const last = await run('staff', 'deactivate', ANNE);
    expect(last).toEqual({ code: 1, stdout: '', stderr: `${TEAM_REFUSALS['last-responsable']}\n` });
    expect((await run('staff', 'role', LEA, 'responsable')).code).toBe(0);
    const anneOff = await run('staff', 'deactivate', ANNE);
    expect(anneOff.stdout).toBe(`${ANNE}\tresponsable\tinactive\t\n`);
    expect(anneOff.stderr).toMatch(/is in STAFF_EMAILS/);
    // STAFF_EMAILS is the operator's way in: applied again at each start (and each command).
    expect((await run('sign-in-link', ANNE)).code).toBe(0);
    expect((await run('sign-in-link', LEA)).code).toBe(0);
    expect((await run('staff', 'role', LEA, 'commercial')).code).toBe(0);
    expect((await run('staff', 'role', ANNE, 'commercial')).stderr).toBe(
      `${TEAM_REFUSALS['last-responsable']}\n`,
    );
    expect((await run('staff', 'reactivate', 'nobody@x.fr')).stderr).toBe(
      `${TEAM_REFUSALS['not-found']}\n`,
    );
    expect((await run('staff', 'role', LEA, 'chef')).code).toBe(2);
    const stores = await openStores(fixture.config);
    try {
      const log = await stores.sessions.auditLog();
      expect(log.filter((e) => e.action.startsWith('team_')).map((e) => e.actor)).toEqual(
        Array(6).fill('operator'),
      );
    } finally {
      await stores.close();
    }
  });

  it('deactivates a person handing their open requests to a colleague', async () => {
    const PAUL = 'paul@calora-energies.example';
    await run('staff', 'add', LEA, 'commercial', 'Léa', 'Martin');
    await run('staff', 'add', PAUL, 'commercial', 'Paul', 'Roux');
    const stores = await openStores(fixture.config);
    try {
      const { db } = stores.database;
      const people = await db.selectFrom('staff_people').select(['id', 'email']).execute();
      const idOf = (email: string) => people.find((p) => p.email === email)?.id ?? '';
      await stores.leads.insertLead('cli-reprise', sampleLead(), sampleConsent(1), [], 1);
      await db
        .updateTable('leads')
        .set({ owner_id: idOf(PAUL) })
        .where('id', '=', 'cli-reprise')
        .execute();
      expect((await run('staff', 'deactivate', PAUL, 'nobody@calora-energies.example')).code).toBe(
        1,
      );
      expect((await run('staff', 'deactivate', PAUL, LEA)).code).toBe(0);
      const lead = await db
        .selectFrom('leads')
        .select('owner_id')
        .where('id', '=', 'cli-reprise')
        .executeTakeFirstOrThrow();
      expect(lead.owner_id).toBe(idOf(LEA));
    } finally {
      await stores.close();
    }
  });

  it('prints no sign-in link for a deactivated person', async () => {
    await run('staff', 'add', LEA, 'commercial', 'Léa', 'Martin');
    await run('staff', 'deactivate', LEA);
    const refused = await run('sign-in-link', LEA);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
  });
});
