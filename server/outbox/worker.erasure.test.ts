import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { openStores } from '#server/compose/stores.ts';
import type { Lead } from '#server/db/records/lead.ts';
import { clearErasedTraces } from '#server/retention/index.ts';
import { tracesOf } from '#server/retention/data-bytes.fixture.ts';
import {
  ENGINES,
  engineFixture,
  type EngineFixture,
  type EngineName,
} from '#test-support/engines.ts';
import { postJson, startTestServer, validRequest, type TestServer } from '#test-support/harness.ts';
import { seedLeadsAt } from '#test-support/lead-input.ts';
import { EML_DIRECTORY } from './worker-options.ts';

/**
 * An e-mail claimed by the outbox worker just before an erasure is neither sent nor left on disk
 * (ADR 0032): the worker asks whether its row (and the requests it lists) still exist right before
 * the transport, and, with the `.eml` transport, again right after the file is written, removing
 * it when the erasure committed meanwhile; the erasure lists the files after its commit, so one
 * of the two removes a file written at the same time. On PostgreSQL the erasure runs on its own
 * pool, as another instance's would; on SQLite on the process's one connection.
 */
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function setUp(engine: EngineName): Promise<EngineFixture> {
  const fixture = await engineFixture(engine);
  cleanups.push(() => fixture.cleanup());
  return fixture;
}

/** The server (`.eml` transport) and an erasure through another handle on its database. */
async function serve(fixture: EngineFixture, options: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer({ ...fixture.config, ...options });
  cleanups.push(() => server.close());
  const eraser = await openStores(fixture.config);
  cleanups.push(() => eraser.close());
  /** Staff's erasure by address, on the other handle: its transaction, then its traces. */
  const erase = async (email: string) => {
    const ids = await eraser.retention.forget(email, 'test');
    await clearErasedTraces(eraser.database, ids);
    return ids;
  };
  return { server, erase };
}

async function submit(server: TestServer, email: string): Promise<string> {
  const response = await postJson(server.endpoint, validRequest({ email }), {
    Origin: server.origin,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

async function drained(server: TestServer, now = Date.now): Promise<void> {
  for (let round = 0; round < 600; round += 1) {
    if ((await server.pipeline.stores.outbox.backlog(now())).pending === 0) return;
    server.pipeline.worker.kick();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the outbox did not drain');
}

function mailFiles(server: TestServer): string[] {
  try {
    return readdirSync(join(server.dataDir, EML_DIRECTORY)).sort();
  } catch {
    return [];
  }
}

describe.each(ENGINES)('an erasure racing the outbox worker on %s', (engine) => {
  it('claimed, then erased before the send: nothing is sent nor written', async () => {
    const { server, erase } = await serve(await setUp(engine));
    const transport = server.pipeline.transport;
    const write = transport.send.bind(transport);
    const sent: string[] = [];
    transport.send = async (message, stem) => {
      sent.push(stem);
      return write(message, stem);
    };
    const leads = server.pipeline.stores.leads;
    const read = leads.getLeads.bind(leads);
    let erased = false;
    // Right after the worker's claim and its read of the requests, the person is erased.
    leads.getLeads = async (ids): Promise<Map<string, Lead>> => {
      const found = await read(ids);
      if (!erased && [...found.values()].some((lead) => lead.email === 'cible@example.fr')) {
        erased = true;
        expect(await erase('cible@example.fr')).toHaveLength(1);
      }
      return found;
    };
    const target = await submit(server, 'cible@example.fr');
    const other = await submit(server, 'autre@example.fr');
    await drained(server);
    expect(erased).toBe(true);
    expect(sent.filter((stem) => stem.startsWith(target))).toEqual([]);
    // Its confirmation, whose link can no longer be stored, is dropped without an error.
    expect(server.logs.filter((log) => log.event === 'outbox_error')).toEqual([]);
    expect(mailFiles(server)).toEqual([`${other}-confirmation.eml`, `${other}-notification.eml`]);
    expect(mailFiles(server).some((name) => name.startsWith(target))).toBe(false);
    expect(server.logs.filter((log) => log.event === 'mail_dropped').length).toBeGreaterThan(0);
  });

  it('erased while its file is being written: the file does not stay', async () => {
    const { server, erase } = await serve(await setUp(engine));
    const transport = server.pipeline.transport;
    const write = transport.send.bind(transport);
    let erased = false;
    // The erasure commits and lists the files after the worker's last look, before the file.
    transport.send = async (message, stem) => {
      if (!erased && message.to === 'cible@example.fr') {
        erased = true;
        await erase('cible@example.fr');
      }
      return write(message, stem);
    };
    const target = await submit(server, 'cible@example.fr');
    const other = await submit(server, 'autre@example.fr');
    await drained(server);
    expect(erased).toBe(true);
    expect(mailFiles(server).filter((name) => name.startsWith(target))).toEqual([]);
    expect(mailFiles(server)).toContain(`${other}-notification.eml`);
    expect(tracesOf(join(server.dataDir, EML_DIRECTORY), ['cible@example.fr'])).toEqual([]);
  });

  it('a digest written while one of its people is erased is written again without them', async () => {
    const fixture = await setUp(engine);
    // Thursday 09:00: due Friday 09:00, in Friday's digest.
    await seedLeadsAt(fixture.config, [
      ['digest-a', 'Zéphirine', '2026-11-26T09:00:00+01:00'],
      ['digest-b', 'Bertrand', '2026-11-26T09:05:00+01:00'],
    ]);
    // Thursday 21:00, after the call hours: no digest until the test moves the clock.
    let now = Date.parse('2026-11-26T21:00:00+01:00');
    const { server, erase } = await serve(fixture, {
      clock: () => now,
      digestLookEveryMs: 3_600_000,
    });
    const transport = server.pipeline.transport;
    const write = transport.send.bind(transport);
    let erased = false;
    transport.send = async (message, stem) => {
      if (!erased && stem.startsWith('digest-')) {
        erased = true;
        expect(await erase('digest-a@example.fr')).toEqual(['digest-a']);
      }
      return write(message, stem);
    };
    now = Date.parse('2026-11-27T08:45:00+01:00');
    expect(await server.pipeline.digest.look()).toMatchObject({ claimed: true, count: 2 });
    await drained(server, () => now);
    expect(erased).toBe(true);
    const mail = join(server.dataDir, EML_DIRECTORY);
    expect(mailFiles(server)).toContain('digest-2026-11-27.eml');
    expect(tracesOf(mail, ['Zéphirine', 'Bertrand'])).toEqual([
      { file: 'digest-2026-11-27.eml', needle: 'Bertrand' },
    ]);
  });

  it('many erasures while the worker writes: no file of an erased person stays', async () => {
    const { server, erase } = await serve(await setUp(engine));
    const transport = server.pipeline.transport;
    const write = transport.send.bind(transport);
    let seed = 42;
    const pause = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return new Promise((resolve) => setTimeout(resolve, seed % 4));
    };
    // A slow disk: every write waits a little before and after.
    transport.send = async (message, stem) => {
      await pause();
      await write(message, stem);
      await pause();
    };
    const emails = Array.from({ length: 16 }, (_, index) => `personne${index}@example.fr`);
    const ids = await Promise.all(emails.map((email) => submit(server, email)));
    const erasedEmails = emails.filter((_, index) => index % 2 === 0);
    for (const email of erasedEmails) {
      await pause();
      await erase(email);
    }
    await drained(server);
    const erasedIds = ids.filter((_, index) => index % 2 === 0);
    expect(mailFiles(server).filter((name) => erasedIds.some((id) => name.startsWith(id)))).toEqual(
      [],
    );
    expect(tracesOf(join(server.dataDir, EML_DIRECTORY), erasedEmails)).toEqual([]);
    const kept = ids.filter((_, index) => index % 2 === 1);
    for (const id of kept) expect(mailFiles(server)).toContain(`${id}-notification.eml`);
  });
});
