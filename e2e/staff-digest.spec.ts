import AxeBuilder from '@axe-core/playwright';

import { buildCallback, buildDigest } from '#server/callback/index.ts';
import { openStores, type Stores } from '#server/compose/stores.ts';
import { parseEnv } from '#server/env.ts';
import { createLogger } from '#server/logger.ts';
import { TeamService } from '#server/team/index.ts';
import { sampleConsent, sampleLead } from '#test-support/lead-input.ts';
import { startServerProcess, type ServerProcess } from '#test-support/process.ts';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '#test-support/smtp-peer.ts';
import { expect, test, VIEWPORTS } from './fixtures.ts';
import { signInAs } from './support/sign-in.ts';

/**
 * Each person's morning digest (ADR 0048) with a fixed clock, against a server and an SMTP peer
 * of their own (no other test's people get a digest): two schedulers look at Monday 08:30 as two
 * instances would; a commercial's digest lists her request then the unassigned one, never a
 * colleague's; the responsable's adds the overdue count per person; the commercial whose digest
 * is off gets none. Marie, signed in, opens her request from the link in her digest, at 375 and
 * 1280 px, axe clean.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const CHEF = 'chef.digest@calora-energies.example';
const MARIE = 'marie.digest@calora-energies.example';
const JEAN = 'jean.digest@calora-energies.example';
/** A past Monday: what the fixed clock queues is due for the server's worker, on the real clock. */
const MONDAY_0830 = Date.parse('2026-11-23T08:30:00+01:00');

let server: ServerProcess;
let peer: SmtpPeer;

test.beforeAll(async () => {
  peer = await startSmtpPeer();
  server = await startServerProcess(
    { STAFF_EMAILS: CHEF, LOG_LEVEL: 'warn', SMTP_URL: peer.url },
    { from: 'build' },
  );
});
test.afterAll(async () => {
  await server?.stop();
  await peer?.stop();
});

/** Marie's request (overdue), Jean's (overdue), an unassigned one due that Monday. */
async function seed(stores: Stores): Promise<void> {
  const team = new TeamService(stores.database);
  const ids: Record<string, string> = {};
  for (const [firstName, lastName, email] of [
    ['Marie', 'Dupont', MARIE],
    ['Jean', 'Martin', JEAN],
  ] as const) {
    const added = await team.add({ firstName, lastName, email, role: 'commercial' }, CHEF, 0);
    if (!added.ok) throw new Error(added.reason);
    ids[email] = added.person.id;
  }
  const requests = [
    ['digest-marie', 'Paul', 'Roux', '2026-11-19T09:00:00+01:00', MARIE],
    ['digest-jean', 'Zoé', 'Blanc', '2026-11-19T10:00:00+01:00', JEAN],
    ['digest-free', 'Léa', 'Moreau', '2026-11-20T17:00:00+01:00', undefined],
  ] as const;
  const db = stores.database.db;
  for (const [id, prenom, nom, at, owner] of requests) {
    const receivedAt = Date.parse(at);
    const lead = sampleLead({ prenom, nom, email: `${id}@example.fr` });
    await stores.leads.insertLead(id, lead, sampleConsent(receivedAt), [], receivedAt);
    if (owner)
      await db.updateTable('leads').set({ owner_id: ids[owner] }).where('id', '=', id).execute();
  }
  await db.updateTable('staff_people').set({ digest: 0 }).where('email', '=', JEAN).execute();
}

/** One instance's scheduler, its clock fixed at Monday 08:30. */
async function lookAsAnInstance(dataDir: string) {
  const stores = await openStores({ dataDir });
  try {
    const callback = buildCallback(parseEnv({}), stores, () => MONDAY_0830);
    const digest = buildDigest(stores.callback, callback.service, {
      logger: createLogger('error'),
      onQueued: () => undefined,
    });
    return await digest.look();
  } finally {
    await stores.close();
  }
}

function digestTo(address: string): ReceivedMail[] {
  return peer.messages.filter(
    // That Monday's only: the server's own scheduler, on the real clock, may send today's.
    (mail) => mail.raw.includes('digest.2026-11-23.') && mail.envelopeTo.includes(address),
  );
}

test('each person gets their own digest once, and opens their request from it', async ({
  browser,
}) => {
  const stores = await openStores({ dataDir: server.dataDir });
  try {
    await seed(stores);
  } finally {
    await stores.close();
  }
  const looks = await Promise.all([
    lookAsAnInstance(server.dataDir),
    lookAsAnInstance(server.dataDir),
  ]);
  expect(looks.filter((look) => look?.claimed)).not.toHaveLength(0);
  // The server's outbox worker sends them (it polls every 10 s).
  await peer.waitFor(() => digestTo(MARIE).length === 1 && digestTo(CHEF).length === 1, 30_000);
  expect(digestTo(JEAN)).toHaveLength(0);

  const marie = digestTo(MARIE)[0]!.text;
  expect(marie).toContain('Vos demandes en retard (1)');
  expect(marie.indexOf('Paul')).toBeLessThan(marie.indexOf('À attribuer (1)'));
  expect(marie.indexOf('À attribuer (1)')).toBeLessThan(marie.indexOf('Léa'));
  expect(marie).not.toContain('Zoé');
  const chef = digestTo(CHEF)[0]!.text;
  expect(chef).toContain('Marie Dupont\u00a0: 1 demande en retard');
  expect(chef).toContain('Jean Martin\u00a0: 1 demande en retard');

  const link = marie.match(/https?:\/\/\S+\/equipe\/demandes\/digest-marie/)?.[0];
  expect(link).toBeDefined();
  const context = await browser.newContext({ baseURL: server.url, locale: 'fr-FR' });
  const page = await context.newPage();
  await signInAs(page, MARIE, server.dataDir);
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Paul Roux' })).toBeVisible();
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    const axe = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(axe.violations, `axe at ${viewport.width} px`).toEqual([]);
  }
  await context.close();

  // Another look the same morning, as a third instance: nothing more is sent.
  expect(await lookAsAnInstance(server.dataDir)).toMatchObject({ claimed: false });
  expect(digestTo(MARIE)).toHaveLength(1);
});
