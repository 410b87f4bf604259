import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { EML_DIRECTORY } from '#server/outbox/transport.ts';
import { RATE_WINDOW_MS, StoredBudget } from '#server/http/client-budget.ts';
import { ENGINES, engineFixture, type EngineFixture } from '#test-support/engines.ts';
import { hashSecret } from '#server/staff/auth.ts';
import { FORMULA_GUARD } from '#server/http/csv-cells.ts';
import { runLeadsCommand } from './leads.ts';
import { sampleLead as lead } from '#test-support/lead-input.ts';
import { RETENTION_MS } from '#server/leads/index.ts';
import { type LeadInput } from '#server/db/records/lead.ts';
import { openStores } from '#server/compose/stores.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(ENGINES)('npm run leads on %s', (engine) => {
  let fixture: EngineFixture;
  let dataDir: string;

  async function seed(entries: Array<{ id: string; at: number; input?: Partial<LeadInput> }>) {
    const store = await openStores(fixture.config);
    try {
      for (const entry of entries) {
        await store.leads.insertLead(
          entry.id,
          lead(entry.input),
          { text: 'J’accepte…', version: '2026-11-01', givenAt: entry.at },
          [
            { kind: 'notification', messageId: `<${entry.id}.notification@x.example>` },
            { kind: 'confirmation', messageId: `<${entry.id}.confirmation@x.example>` },
          ],
          entry.at,
        );
      }
    } finally {
      await store.close();
    }
  }

  function run(...args: string[]) {
    return runLeadsCommand(args, fixture.config);
  }

  beforeEach(async () => {
    fixture = await engineFixture(engine);
    dataDir = fixture.config.dataDir;
  });

  afterEach(() => fixture.cleanup());

  describe('list', () => {
    it('shows requests newest first with their delivery status, as a table or JSON', async () => {
      const now = Date.now();
      await seed([
        { id: 'old', at: now - 2 * DAY, input: { email: 'old@entreprise.example' } },
        { id: 'new', at: now - DAY, input: { email: 'new@entreprise.example' } },
      ]);
      const store = await openStores(fixture.config);
      const [due] = await store.outbox.claimDue(now, 1, 'test', 60_000);
      await store.outbox.markSent(due!.id, now);
      await store.close();

      const json = await run('list', '--json');
      expect(json.code).toBe(0);
      const leads = JSON.parse(json.stdout) as Array<{
        id: string;
        email: string;
        delivery: Array<{ kind: string; status: string }>;
      }>;
      expect(leads.map((item) => item.id)).toEqual(['new', 'old']);
      expect(leads[1]?.delivery).toEqual([
        expect.objectContaining({ kind: 'notification', status: 'sent' }),
        expect.objectContaining({ kind: 'confirmation', status: 'pending' }),
      ]);

      const table = await run('list');
      expect(table.code).toBe(0);
      const lines = table.stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^date \(UTC\)\s+id\s+name\s+email/);
      expect(lines[1]).toContain('new@entreprise.example');
      expect(lines[2]).toContain('notification:sent confirmation:pending');
    });

    it('says so when there is nothing', async () => {
      expect((await run('list')).stdout).toBe('No requests.\n');
    });
  });

  describe('export --csv', () => {
    it('writes UTF-8 with a BOM, CRLF rows and every field, in French words', async () => {
      // Thursday 26 November 2026, 13:19 UTC: 14:19 in Paris, due Friday at the same time.
      const at = Date.UTC(2026, 10, 26, 13, 19);
      await seed([{ id: 'a', at, input: { message: 'Ligne 1\nLigne "2"' } }]);
      const result = await run('export', '--csv');
      expect(result.code).toBe(0);
      expect(
        result.stdout.startsWith(
          '\uFEFF"Reçue le";"Statut";"À rappeler avant";"Attribuée à";"Nom";"Prénom";"E-mail";"Téléphone"',
        ),
      ).toBe(true);
      const rows = result.stdout.slice(1).split('\r\n');
      expect(rows).toHaveLength(3);
      expect(rows[1]).toMatch(
        /^"26\/11\/2026 14:19";"Nouveau";"27\/11\/2026 14:19";"À attribuer";/,
      );
      expect(rows[1]).toContain('"Lefèvre";"Zoé";"zoe@entreprise.example";"06 12 34 56 78"');
      expect(rows[1]).toContain('"Ligne 1\nLigne ""2"""');
      expect(rows[1]).toContain('"En attente d’envoi";"En attente d’envoi"');
      expect(rows[1]).toMatch(/"a"$/);
    });

    it('neutralises formulas that come from the store, and writes numbers as text', async () => {
      await seed([
        { id: 'f', at: Date.now(), input: { message: '=1+1', telephone: '+33612345678' } },
        { id: 'g', at: Date.now(), input: { telephone: '+32 470 12 34 56' } },
      ]);
      const out = (await run('export', '--csv')).stdout;
      expect(out).toContain(`"${FORMULA_GUARD}=1+1"`);
      expect(out).toContain('"06 12 34 56 78"');
      expect(out).toContain(`"${FORMULA_GUARD}+32 470 12 34 56"`);
      expect(out).not.toMatch(/(^|;)"[=+\-@]/m);
    });

    it('requires --csv', async () => {
      expect((await run('export')).code).toBe(2);
    });
  });

  describe('forget', () => {
    it('erases every record of one person, whatever the case of the address, and nothing else', async () => {
      const now = Date.now();
      await seed([
        { id: 'p1', at: now - DAY, input: { email: 'Paul@Entreprise.example' } },
        { id: 'p2', at: now, input: { email: 'paul@entreprise.example' } },
        { id: 'other', at: now },
      ]);
      mkdirSync(join(dataDir, EML_DIRECTORY), { recursive: true });
      const file = join(dataDir, EML_DIRECTORY, 'p1-notification.eml');
      writeFileSync(file, 'mail');

      const result = await run('forget', 'PAUL@entreprise.example');
      expect(result).toMatchObject({ code: 0, stdout: 'Erased 2 request(s).\n' });
      expect(existsSync(file)).toBe(false);
      const store = await openStores(fixture.config);
      expect((await store.leads.listLeads()).map((item) => item.id)).toEqual(['other']);
      expect([
        ...(await store.outbox.mailFor('p1')),
        ...(await store.outbox.mailFor('p2')),
      ]).toEqual([]);
      expect((await store.outbox.backlog(now)).pending).toBe(2);
      // Recorded in the audit trail, without the address or the ids.
      const audit = await store.sessions.auditLog();
      expect(audit).toEqual([
        expect.objectContaining({ action: 'erase', detail: '2', lead_id: null }),
      ]);
      expect(JSON.stringify(audit)).not.toMatch(/paul|p1|p2/i);
      await store.close();
    });

    it('needs one address', async () => {
      expect((await run('forget')).code).toBe(2);
      expect((await run('forget', 'pas-une-adresse')).code).toBe(2);
    });
  });

  describe('purge', () => {
    it('deletes people whose last contact is over 3 years old, and expired rate-limit hits', async () => {
      const now = Date.now();
      const old = now - RETENTION_MS - DAY;
      await seed([
        { id: 'gone', at: old, input: { email: 'gone@entreprise.example' } },
        { id: 'kept-old', at: old, input: { email: 'back@entreprise.example' } },
        { id: 'kept-new', at: now - DAY, input: { email: 'back@entreprise.example' } },
        { id: 'recent', at: now - RETENTION_MS + DAY },
      ]);
      const store = await openStores(fixture.config);
      const limiter = new StoredBudget(store.rates, 10);
      await limiter.consume('expired', now - RATE_WINDOW_MS - 1);
      await limiter.consume('current', now);
      await store.close();

      const result = await run('purge');
      expect(result).toMatchObject({ code: 0 });
      expect(result.stdout).toContain('Purged 1 request(s)');
      expect(result.stdout).toContain('1 expired rate-limit record(s)');
      const after = await openStores(fixture.config);
      expect((await after.leads.listLeads()).map((item) => item.id).sort()).toEqual([
        'kept-new',
        'kept-old',
        'recent',
      ]);
      await after.close();
    });
  });

  describe('sign-in-link', () => {
    const staff = { staffEmails: ['anne@calora-energies.example'], siteUrl: 'https://x.example' };

    it('prints a single-use link for a listed address, and only for one', async () => {
      const result = await runLeadsCommand(
        ['sign-in-link', 'Anne@calora-energies.example'],
        fixture.config,
        staff,
      );
      expect(result.code).toBe(0);
      const link = /^https:\/\/x\.example\/equipe\/connexion#jeton=([\w-]{43})\n$/.exec(
        result.stdout,
      );
      expect(link).not.toBeNull();
      const store = await openStores(fixture.config);
      try {
        expect(await store.sessions.consumeSignInToken(hashSecret(link![1]!), Date.now())).toBe(
          'Anne@calora-energies.example',
        );
        expect(
          await store.sessions.consumeSignInToken(hashSecret(link![1]!), Date.now()),
        ).toBeUndefined();
      } finally {
        await store.close();
      }
      const refused = await runLeadsCommand(
        ['sign-in-link', 'intrus@example.fr'],
        fixture.config,
        staff,
      );
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
    });
  });

  describe('usage', () => {
    it('explains the commands and exits with 2 on a mistake', async () => {
      for (const args of [[], ['bogus'], ['list', '--csv'], ['purge', 'now']]) {
        const result = await run(...args);
        expect(result.code).toBe(2);
        expect(result.stderr).toContain('usage: npm run leads -- <command>');
      }
    });
  });
});
