import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ENGINES, engineFixture, type EngineFixture } from '#test-support/engines.ts';
import { seedLeadsAt } from '#test-support/lead-input.ts';
import { DEFAULT_CALENDAR } from '#server/callback/calendar.ts';
import type { CallOutcome } from '#server/db/tables/callback.ts';
import { runLeadsCommand } from './leads.ts';
import { openStores } from '#server/compose/stores.ts';

const paris = (iso: string) => Date.parse(iso);

describe.each(ENGINES)('npm run leads -- due on %s', (engine) => {
  let fixture: EngineFixture;
  beforeEach(async () => {
    fixture = await engineFixture(engine);
  });
  afterEach(async () => {
    await fixture.cleanup();
  });

  const due = (at: string) =>
    runLeadsCommand(['due'], fixture.config, {
      staffEmails: [],
      siteUrl: 'https://www.calora-energies.example/',
      calendar: DEFAULT_CALENDAR,
      now: () => paris(at),
    });

  it('prints the overdue requests and those due today, soonest first, with their link', async () => {
    expect((await due('2026-11-30T08:30:00+01:00')).stdout).toBe('Nothing overdue or due today.\n');
    await seedLeadsAt(fixture.config, [
      ['due-tomorrow', 'Hugo', '2026-11-30T08:00:00+01:00'],
      ['due-today', 'Léa', '2026-11-28T10:00:00+01:00'],
      ['due-late', 'Paul', '2026-11-26T09:00:00+01:00'],
    ]);
    const result = await due('2026-11-30T08:30:00+01:00');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')).toEqual([
      'Overdue (1):',
      expect.stringMatching(
        /^ {2}vendredi 27\snovembre à 9\sh +Paul {2}Climatisation {2}par téléphone ou par e-mail {2}https:\/\/www\.calora-energies\.example\/equipe\/demandes\/due-late$/,
      ),
      'Due today (1):',
      expect.stringMatching(
        /^ {2}lundi 30\snovembre, fin de journée +Léa {2}Climatisation {2}par téléphone ou par e-mail {2}.*\/due-today$/,
      ),
      '',
    ]);
    expect((await runLeadsCommand(['due', 'x'], fixture.config)).code).toBe(2);
  });

  it('follows the stored due time, which the person’s choice sets, and says the choice', async () => {
    await seedLeadsAt(fixture.config, [
      // Received long ago, but the person chose Thursday afternoon: not due yet.
      ['due-thursday', 'Hugo', '2026-11-26T09:00:00+01:00'],
      // Received this morning, the person chose Monday 10:00-13:00: due today at 13:00.
      ['due-slot', 'Léa', '2026-11-30T08:00:00+01:00'],
      // Asked for the e-mail only, due by the promise: overdue.
      ['due-email', 'Inès', '2026-11-26T10:00:00+01:00'],
    ]);
    const store = await openStores(fixture.config);
    try {
      const set = (id: string, columns: Record<string, string | number>) =>
        store.database.db.updateTable('leads').set(columns).where('id', '=', id).execute();
      await set('due-thursday', {
        contact_channel: 'telephone',
        contact_days: '4',
        contact_slots: '14:00-17:00',
        due_at: paris('2026-12-03T17:00:00+01:00'),
      });
      await set('due-slot', {
        contact_channel: 'telephone',
        contact_days: '1',
        contact_slots: '10:00-13:00',
        due_at: paris('2026-11-30T13:00:00+01:00'),
      });
      await set('due-email', {
        contact_channel: 'email',
        due_at: paris('2026-11-27T10:00:00+01:00'),
      });
    } finally {
      await store.close();
    }
    expect((await due('2026-11-30T08:30:00+01:00')).stdout.split('\n')).toEqual([
      'Overdue (1):',
      expect.stringMatching(
        /^ {2}vendredi 27\snovembre à 10\sh +Inès .* par e-mail uniquement .*\/due-email$/,
      ),
      'Due today (1):',
      expect.stringMatching(
        /^ {2}lundi 30\snovembre à 13\sh +Léa .* par téléphone, lundi\s;\sde\s10\sh\sà\s13\sh .*\/due-slot$/,
      ),
      '',
    ]);
  });

  it('keeps a request called without reaching the person; drops it once reached', async () => {
    await seedLeadsAt(fixture.config, [
      ['due-voicemail', 'Léa', '2026-11-26T09:00:00+01:00'],
      ['due-reached', 'Paul', '2026-11-26T10:00:00+01:00'],
      ['due-answered', 'Inès', '2026-11-26T11:00:00+01:00'],
    ]);
    const store = await openStores(fixture.config);
    try {
      const calls: Array<[string, CallOutcome]> = [
        ['due-voicemail', 'messagerie'],
        ['due-voicemail', 'numero_errone'],
        ['due-reached', 'pas_de_reponse'],
        ['due-reached', 'joint'],
        ['due-answered', 'repondu_email'],
      ];
      for (const [leadId, outcome] of calls) {
        await store.callback.recordCall({
          leadId,
          outcome,
          note: '',
          staff: 'camille@example.fr',
          now: paris('2026-11-27T10:00:00+01:00'),
        });
      }
    } finally {
      await store.close();
    }
    const lines = (await due('2026-11-30T08:30:00+01:00')).stdout.split('\n');
    expect(lines[0]).toBe('Overdue (1):');
    expect(lines[1]).toMatch(/Léa .*\/due-voicemail$/);
    expect(lines).toHaveLength(3);
  });
});
