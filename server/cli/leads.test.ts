import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { EML_DIRECTORY } from '../mail/transport';
import { RATE_WINDOW_MS, RateLimiter } from '../rate-limit';
import { LeadStore, RETENTION_MS, type LeadInput } from '../store';
import { createTempDir } from '../../test-support/harness';
import { csvCell, runLeadsCommand } from './leads';

const DAY = 24 * 60 * 60 * 1000;
let dataDir: string;

function lead(overrides: Partial<LeadInput> = {}): LeadInput {
  return {
    clientType: 'professionnel',
    nom: 'Lefèvre',
    prenom: 'Zoé',
    adresse: '1 place de l’Église, 69001 Lyon',
    telephone: '06 12 34 56 78',
    email: 'zoe@entreprise.example',
    produit: 'Climatisation',
    message: 'Bonjour',
    ...overrides,
  };
}

function seed(entries: Array<{ id: string; at: number; input?: Partial<LeadInput> }>) {
  const store = LeadStore.open(dataDir);
  try {
    for (const entry of entries) {
      store.transaction(() =>
        store.insertLead(
          entry.id,
          lead(entry.input),
          { text: 'J’accepte…', version: '2026-11-01', givenAt: entry.at },
          [
            { kind: 'notification', messageId: `<${entry.id}.notification@x.example>` },
            { kind: 'confirmation', messageId: `<${entry.id}.confirmation@x.example>` },
          ],
          entry.at,
        ),
      );
    }
  } finally {
    store.close();
  }
}

function run(...args: string[]) {
  return runLeadsCommand(args, dataDir);
}

beforeEach(() => {
  dataDir = createTempDir('leads-cli');
});

afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('list', () => {
  it('shows requests newest first with their delivery status, as a table or JSON', () => {
    const now = Date.now();
    seed([
      { id: 'old', at: now - 2 * DAY, input: { email: 'old@entreprise.example' } },
      { id: 'new', at: now - DAY, input: { email: 'new@entreprise.example' } },
    ]);
    const store = LeadStore.open(dataDir);
    const [due] = store.dueMail(now, 1);
    store.markSent(due!.id, now);
    store.close();

    const json = run('list', '--json');
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

    const table = run('list');
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^date \(UTC\)\s+id\s+name\s+email/);
    expect(lines[1]).toContain('new@entreprise.example');
    expect(lines[2]).toContain('notification:sent confirmation:pending');
  });

  it('says so when there is nothing', () => {
    expect(run('list').stdout).toBe('No requests.\n');
  });
});

describe('export --csv', () => {
  it('writes UTF-8 with a BOM, CRLF rows and every field', () => {
    seed([{ id: 'a', at: Date.now(), input: { message: 'Ligne 1\nLigne "2"' } }]);
    const result = run('export', '--csv');
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith('\uFEFF"id","date","nom","prenom","email"')).toBe(true);
    const rows = result.stdout.slice(1).split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain('"Lefèvre","Zoé","zoe@entreprise.example","06 12 34 56 78"');
    expect(rows[1]).toContain('"Ligne 1\nLigne ""2"""');
    expect(rows[1]).toContain('"notification:pending confirmation:pending"');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","clic")', `"'=HYPERLINK(""http://evil.example"",""clic"")"`],
    ['+33 6 12 34 56 78', `"'+33 6 12 34 56 78"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tcmd', `"'\tcmd"`],
    ['\rcmd', `"'\rcmd"`],
    ['Bonjour = merci', '"Bonjour = merci"'],
  ])('neutralises the cell %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('neutralises formulas that come from the store', () => {
    seed([{ id: 'f', at: Date.now(), input: { message: '=1+1', telephone: '+33612345678' } }]);
    const out = run('export', '--csv').stdout;
    expect(out).toContain(`"'=1+1"`);
    expect(out).toContain(`"'+33612345678"`);
    expect(out).not.toMatch(/(^|,)"[=+\-@]/m);
  });

  it('requires --csv', () => {
    expect(run('export').code).toBe(2);
  });
});

describe('forget', () => {
  it('erases every record of one person, whatever the case of the address, and nothing else', () => {
    const now = Date.now();
    seed([
      { id: 'p1', at: now - DAY, input: { email: 'Paul@Entreprise.example' } },
      { id: 'p2', at: now, input: { email: 'paul@entreprise.example' } },
      { id: 'other', at: now },
    ]);
    mkdirSync(join(dataDir, EML_DIRECTORY), { recursive: true });
    const file = join(dataDir, EML_DIRECTORY, 'p1-notification.eml');
    writeFileSync(file, 'mail');

    const result = run('forget', 'PAUL@entreprise.example');
    expect(result).toMatchObject({ code: 0, stdout: 'Erased 2 request(s).\n' });
    expect(existsSync(file)).toBe(false);
    const store = LeadStore.open(dataDir);
    expect(store.listLeads().map((item) => item.id)).toEqual(['other']);
    const orphans = store.db
      .prepare("SELECT COUNT(*) AS n FROM outbox WHERE lead_id IN ('p1', 'p2')")
      .get() as { n: number };
    expect(orphans.n).toBe(0);
    store.close();
  });

  it('needs one address', () => {
    expect(run('forget').code).toBe(2);
    expect(run('forget', 'pas-une-adresse').code).toBe(2);
  });
});

describe('purge', () => {
  it('deletes people whose last contact is over 3 years old, and expired rate-limit hits', () => {
    const now = Date.now();
    const old = now - RETENTION_MS - DAY;
    seed([
      { id: 'gone', at: old, input: { email: 'gone@entreprise.example' } },
      { id: 'kept-old', at: old, input: { email: 'back@entreprise.example' } },
      { id: 'kept-new', at: now - DAY, input: { email: 'back@entreprise.example' } },
      { id: 'recent', at: now - RETENTION_MS + DAY },
    ]);
    const store = LeadStore.open(dataDir);
    const limiter = new RateLimiter(store.db, 10);
    limiter.consume('expired', now - RATE_WINDOW_MS - 1);
    limiter.consume('current', now);
    store.close();

    const result = run('purge');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain('Purged 1 request(s)');
    expect(result.stdout).toContain('1 expired rate-limit record(s)');
    const after = LeadStore.open(dataDir);
    expect(
      after
        .listLeads()
        .map((item) => item.id)
        .sort(),
    ).toEqual(['kept-new', 'kept-old', 'recent']);
    after.close();
  });
});

describe('usage', () => {
  it('explains the commands and exits with 2 on a mistake', () => {
    for (const args of [[], ['bogus'], ['list', '--csv'], ['purge', 'now']]) {
      const result = run(...args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('usage: npm run leads -- <command>');
    }
  });
});
