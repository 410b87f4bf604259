import { describe, expect, it } from 'vitest';

import { ENGINES } from '#test-support/engines.ts';
import { postJson, validRequest } from '#test-support/harness.ts';
import { STAFF_API } from '#contracts/staff/contract.ts';
import { api, MARC, peer, server, serveStaffApi, signIn } from './routes.fixture.ts';

/**
 * The staff API against the real server, on both engines: the work on requests (retry now,
 * search, status and note, export, erasure) and its audit trail.
 */
describe.each(ENGINES)('the staff API on %s', (engine) => {
  serveStaffApi(engine);

  it('makes a failed e-mail due again with "retry now", which the worker then sends', async () => {
    const { cookie } = await signIn(MARC);
    const store = server.pipeline.stores;
    const id = 'retry-lead';
    // A lead whose notification failed for good (as after a permanent SMTP refusal).
    await store.leads.insertLead(
      id,
      {
        clientType: 'professionnel',
        nom: 'Retry',
        prenom: 'Léo',
        adresse: '1 rue A, 75001 Paris',
        telephone: '0612345678',
        email: 'leo@example.fr',
        produit: '',
        message: '',
      },
      { text: 'J’accepte', version: 'v1', givenAt: Date.now() },
      [{ kind: 'notification', messageId: '<retry-lead.notification@calora-energies.example>' }],
      Date.now() + 60 * 60 * 1000,
    );
    // Claimed as a worker would (its first attempt is an hour away, so no real worker takes it).
    const claimed = await store.outbox.claimDue(
      Date.now() + 2 * 60 * 60 * 1000,
      50,
      'test',
      60_000,
    );
    const mine = claimed.find((mail) => mail.leadId === id)!;
    await store.outbox.releaseClaims(
      claimed.filter((mail) => mail !== mine).map((mail) => mail.id),
      'test',
    );
    await store.outbox.markFailed(mine.id, 'test', Date.now(), 'smtp_550');
    expect((await store.outbox.mailFor(id))[0]!.status).toBe('failed');

    const response = await fetch(api(STAFF_API.retry(id)), {
      method: 'POST',
      headers: { Origin: server.origin, Cookie: cookie },
    });
    expect(response.status).toBe(200);
    const detail = (await response.json()) as { audit: Array<{ action: string; detail: string }> };
    expect(detail.audit).toEqual([expect.objectContaining({ action: 'retry', detail: '1' })]);
    await peer.waitFor((messages) => messages.some((mail) => mail.headers.get('x-lead-id') === id));
    // The worker marks the row once the peer has answered: shortly after the peer has the mail.
    await expect
      .poll(async () => (await store.outbox.mailFor(id))[0]!.status, { timeout: 10_000 })
      .toBe('sent');
  });

  it('lists, filters, changes a status with a note, exports, erases, and audits it all', async () => {
    const { cookie } = await signIn(MARC);
    const authed = (path: string, body?: unknown) =>
      fetch(api(path), {
        method: body === undefined ? 'GET' : 'POST',
        headers: { Origin: server.origin, Cookie: cookie, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const submitted: string[] = [];
    for (const overrides of [
      { nom: 'Martin', email: 'paul.martin@example.fr', telephone: '06 11 22 33 44' },
      { nom: 'Durand', email: 'lea.durand@example.fr', produit: 'Climatisation' },
      { nom: 'Martin', email: 'PAUL.martin@example.fr', produit: 'Éclairage LED' },
    ]) {
      const response = await postJson(server.endpoint, validRequest(overrides));
      submitted.push(((await response.json()) as { id: string }).id);
    }
    const search = async (filter: object) =>
      (await (await authed(STAFF_API.search, filter)).json()) as {
        total: number;
        rows: Array<{ id: string; nom: string }>;
      };
    expect((await search({ q: 'martin' })).total).toBe(2);
    expect((await search({ q: '0611' })).rows.map((row) => row.id)).toEqual([submitted[0]]);
    expect((await search({ produit: 'Climatisation' })).rows.map((row) => row.nom)).toEqual([
      'Durand',
    ]);
    expect((await authed(STAFF_API.search, { q: 'x', bogus: 1 })).status).toBe(400);

    const changed = await authed(STAFF_API.status(submitted[0]!), {
      status: 'en_cours',
      note: 'Rappel prévu jeudi',
    });
    expect(changed.status).toBe(200);
    const detail = (await changed.json()) as {
      status: string;
      notes: Array<{ text: string; author: string }>;
      audit: Array<{ action: string; actor: string; detail: string }>;
      related: Array<{ id: string }>;
    };
    expect(detail.status).toBe('en_cours');
    expect(detail.notes).toEqual([
      expect.objectContaining({ text: 'Rappel prévu jeudi', author: MARC }),
    ]);
    expect(detail.audit.map((entry) => [entry.action, entry.actor, entry.detail])).toEqual([
      ['status', MARC, 'nouveau → en_cours'],
      ['note', MARC, ''],
    ]);
    expect(detail.related.map((lead) => lead.id)).toEqual([submitted[2]]);
    expect((await search({ status: 'en_cours' })).rows.map((row) => row.id)).toEqual([
      submitted[0],
    ]);

    // The export is a form posted without script: the search travels in the body.
    const exportForm = (fields: string) =>
      fetch(api(STAFF_API.exportCsv), {
        method: 'POST',
        headers: {
          Origin: server.origin,
          Cookie: cookie,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: fields,
      });
    const csv = await exportForm('q=martin&status=&portee=vue');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="demandes-toutes-filtrees-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await csv.arrayBuffer());
    // The BOM as bytes (text() would strip it while decoding).
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    // The columns a salesperson reads, unless every column is asked for.
    expect(text.startsWith('"Nom";"Prénom";"Téléphone";"E-mail";"Produit";"Statut";')).toBe(true);
    expect(text.trimEnd().split('\r\n')).toHaveLength(3);
    const wide = await exportForm('q=martin&portee=vue&colonnes=toutes');
    expect(wide.headers.get('content-disposition')).toMatch(
      /filename="demandes-toutes-filtrees-toutes-colonnes-\d{4}-/,
    );
    expect((await wide.text()).startsWith('"Reçue le";"Statut";')).toBe(true);
    expect(text).toContain('"En cours"');
    expect(text).not.toContain('en_cours');
    // « Toutes les demandes »: the search is left aside.
    const all = await exportForm('q=martin&vue=a-rappeler&portee=tout');
    expect(all.headers.get('content-disposition')).toMatch(/filename="demandes-toutes-\d{4}-/);
    const everything = await all.text();
    expect(everything).toContain('"Durand"');
    expect(everything.trimEnd().split('\r\n')).toHaveLength(5);
    // Not the form: refused, nothing exported.
    expect((await authed(STAFF_API.exportCsv, { q: 'martin' })).status).toBe(415);
    expect((await exportForm('q=martin')).status).toBe(400);
    expect((await exportForm('portee=vue&bogus=1')).status).toBe(400);
    expect((await exportForm('portee=vue&q=a&q=b')).status).toBe(400);
    expect((await exportForm('portee=vue&colonnes=quelques')).status).toBe(400);

    const counters = (await (await authed(STAFF_API.counters)).json()) as {
      windows: Array<{ days: number; byStatus: Record<string, number> }>;
    };
    expect(counters.windows.map((window) => window.days)).toEqual([30, 90]);
    expect(counters.windows[0]!.byStatus.en_cours).toBeGreaterThanOrEqual(1);

    const erased = await authed(STAFF_API.erase(submitted[0]!), {});
    expect(await erased.json()).toEqual({ erased: 2 });
    expect((await search({ q: 'martin' })).total).toBe(0);
    expect((await authed(STAFF_API.lead(submitted[0]!))).status).toBe(404);
    const log = await server.pipeline.stores.sessions.auditLog();
    // Newest first: every request (4), then the search's 2, twice (two sets of columns).
    expect(log.filter((entry) => entry.action === 'export')).toEqual([
      expect.objectContaining({ actor: MARC, detail: '4' }),
      expect.objectContaining({ actor: MARC, detail: '2' }),
      expect.objectContaining({ actor: MARC, detail: '2' }),
    ]);
    const erasure = log.find((entry) => entry.action === 'erase');
    expect(erasure).toMatchObject({ actor: MARC, lead_id: null, detail: '2' });
    expect(JSON.stringify(log)).not.toMatch(/martin|0611223344|06 11/i);
  });
});
