import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { CHOICE_VERSION } from '#contracts/contact/contact-choice.ts';
import { VISITOR_API } from '#contracts/contact/visitor-api.ts';
import { STAFF_API } from '#contracts/staff/contract.ts';
import { runLeadsCommand } from '#server/cli/leads.ts';
import { runPurge } from '#server/retention/index.ts';
import { EML_DIRECTORY } from '#server/outbox/index.ts';
import { issueSignInLink } from '#server/staff/index.ts';
import { postJson, startTestServer, type TestServer, validRequest } from '#test-support/harness.ts';
import { tracesOf } from './data-bytes.fixture.ts';

/**
 * « Nothing of the person is left anywhere the product writes » (ADR 0032), with the embedded
 * default as the test: SQLite in a real data folder and the `.eml` outbox. A person with two
 * requests, a morning digest that lists them and a change e-mail (a slot change from the
 * visitor's page) is erased (by staff from the CLI or the inbox, from the visitor's page, or by
 * the retention purge); then no byte of the e-mail address, name, phone, address or
 * message is found in any file of the data folder (the database, its -wal and -shm, the mail
 * files), read while the server still runs (its log is not folded away by a close).
 */
const STAFF = 'anne.commerciale@calora-energies.example';
const PERSON = {
  prenom: 'Zéphirine',
  nom: 'Quasimodo-Brûlé',
  email: 'Zephirine.Quasimodo@exemple-rare.fr',
  telephone: '06 71 42 93 58',
  adresse: '7 impasse des Quinconces, 33000 Bordeaux',
};
const MESSAGES = [
  'Ma chaudière Xylophonique fuit près du cellier voûté.',
  'Seconde demande : isolation Xylophonique des combles aménagés.',
];
const NEEDLES = [
  PERSON.email,
  PERSON.email.toLowerCase(),
  PERSON.prenom,
  PERSON.nom,
  'Quasimodo',
  PERSON.telephone,
  '0671429358',
  'Quinconces',
  'Xylophonique',
  ...MESSAGES,
];
/** Someone else, who must stay: the scan's control. */
const OTHER = { prenom: 'Bertrand', nom: 'Témoin', email: 'bertrand.temoin@exemple-rare.fr' };

const DAY = 24 * 60 * 60 * 1000;
const paris = (iso: string) => Date.parse(iso);
const THURSDAY_1000 = paris('2026-11-26T10:00:00+01:00');
const FRIDAY_0845 = paris('2026-11-27T08:45:00+01:00');
const FRIDAY_0900 = paris('2026-11-27T09:00:00+01:00');

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function waitForOutbox(running: TestServer, now: number): Promise<void> {
  for (let round = 0; round < 400; round += 1) {
    const backlog = await running.pipeline.stores.outbox.backlog(now);
    if (backlog.pending === 0) return;
    running.pipeline.worker.kick();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the outbox did not drain');
}

/** The person's two requests, the other's one, the e-mails, the digest, a slot change. */
async function personOnDisk() {
  let now = THURSDAY_1000;
  const running = await startTestServer({
    clock: () => now,
    digestLookEveryMs: 3_600_000,
    staffEmails: [STAFF],
    trustProxy: 'x-forwarded-for',
  });
  server = running;
  const submit = async (fields: Record<string, unknown>, client: string) => {
    const response = await postJson(
      running.endpoint,
      validRequest({
        recontact: 'telephone',
        jours: [],
        creneaux: [],
        recontactVersion: CHOICE_VERSION,
        ...fields,
      }),
      { Origin: running.origin, 'X-Forwarded-For': client },
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: string }).id;
  };
  const ids = [
    await submit({ ...PERSON, message: MESSAGES[0], produit: 'HP flottante' }, '10.9.0.1'),
    await submit({ ...PERSON, message: MESSAGES[1], produit: 'Éclairage LED' }, '10.9.0.2'),
  ];
  await submit({ ...OTHER, message: 'Un devis pour un témoin.' }, '10.9.0.3');
  await waitForOutbox(running, now);

  // Friday morning: the digest lists the three requests (due Friday 10:00).
  now = FRIDAY_0845;
  const digest = await running.pipeline.digest.look();
  expect(digest).toMatchObject({ claimed: true, count: 3 });
  await waitForOutbox(running, now);
  // Then the visitor changes the slots of the first request from its link.
  now = FRIDAY_0900;
  const links = await Promise.all(
    ids.map((id) => running.pipeline.stores.visitorLinks.mint(id, now)),
  );
  const changed = await postJson(
    `${running.url}${VISITOR_API.slots}`,
    { jeton: links[0], demande: ids[0], jours: ['lundi'], creneaux: ['14:00-17:00'] },
    { Origin: running.origin, 'X-Forwarded-For': '10.9.0.4' },
  );
  expect(changed.status).toBe(200);
  await waitForOutbox(running, now);

  // The scan finds what it looks for: the digest's first name, the change e-mail's address.
  const mail = join(running.dataDir, EML_DIRECTORY);
  // The seeded responsable's own digest (ADR 0048): `digest-<day>-<person id>.eml`.
  const digestFile = readdirSync(mail).find((name) => name.startsWith('digest-2026-11-27-'));
  expect(digestFile && existsSync(join(mail, digestFile))).toBe(true);
  const before = tracesOf(running.dataDir, NEEDLES);
  expect(before).toContainEqual({
    file: join(EML_DIRECTORY, digestFile ?? ''),
    needle: PERSON.prenom,
  });
  expect(before.map((trace) => trace.file)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(new RegExp(`^${EML_DIRECTORY}/${ids[0]}-schedule_update-\\d+\\.eml$`)),
      expect.stringMatching(new RegExp(`^${EML_DIRECTORY}/${ids[1]}-notification\\.eml$`)),
    ]),
  );
  for (const needle of NEEDLES) {
    expect(before.some((trace) => trace.needle === needle)).toBe(true);
  }
  return { running, ids, links, now, setNow: (at: number) => void (now = at) };
}

/** The erasure's scrub rewrote the database file (its first VACUUM was not deferred). */
function expectVacuumed(running: TestServer) {
  const scrubs = running.logs.filter((log) => log.event === 'erasure_traces');
  expect(scrubs.some((log) => log.fields.vacuumed === true && log.fields.logTruncated)).toBe(true);
}

function expectNothingLeft(running: TestServer) {
  expect(tracesOf(running.dataDir, NEEDLES)).toEqual([]);
  // The scan still sees what stays: the other person, in the database.
  expect(tracesOf(running.dataDir, [OTHER.email]).length).toBeGreaterThan(0);
}

describe('an erased person leaves no byte in the data folder (SQLite, .eml outbox)', () => {
  it('after `npm run leads -- forget <address>`', async () => {
    const { running, now } = await personOnDisk();
    const result = await runLeadsCommand(['forget', 'ZEPHIRINE.quasimodo@exemple-rare.fr'], {
      dataDir: running.dataDir,
    });
    expect(result.stdout).toBe('Erased 2 request(s).\n');
    await waitForOutbox(running, now);
    expectNothingLeft(running);
  });

  it('after the staff inbox’s erasure', async () => {
    const { running, ids, now } = await personOnDisk();
    const link = await issueSignInLink(running.pipeline.stores.sessions, running.url, STAFF, now);
    const token = new URL(link).hash.split('=')[1];
    const session = await postJson(
      `${running.url}${STAFF_API.session}`,
      { token },
      { Origin: running.origin },
    );
    expect(session.status).toBe(200);
    const cookie = session.headers.getSetCookie()[0]!.split(';')[0]!;
    const erased = await postJson(
      `${running.url}${STAFF_API.erase(ids[0]!)}`,
      {},
      { Origin: running.origin, Cookie: cookie },
    );
    expect(await erased.json()).toEqual({ erased: 2 });
    await waitForOutbox(running, now);
    expectNothingLeft(running);
    expectVacuumed(running);
  });

  it('after the retention purge, three years on', async () => {
    const { running, setNow } = await personOnDisk();
    // The other person writes again meanwhile: their last contact is recent, they stay.
    const later = FRIDAY_0900 + (3 * 365 + 2) * DAY;
    setNow(later);
    const again = await postJson(
      running.endpoint,
      validRequest({ ...OTHER, message: 'Trois ans après.' }),
      { Origin: running.origin, 'X-Forwarded-For': '10.9.0.6' },
    );
    expect(again.status).toBe(200);
    await waitForOutbox(running, later);
    const result = await runPurge(running.pipeline.stores.database, later);
    expectNothingLeft(running);
    expect(result).toMatchObject({ leads: 2, mailFiles: 6, vacuumed: true });
  });

  it('after « Supprimer ma demande » on the visitor’s page', async () => {
    const { running, links, now } = await personOnDisk();
    // The first request's link: the page's erasure covers the person (ADR 0031).
    const erased = await postJson(
      `${running.url}${VISITOR_API.erase}`,
      { jeton: links[0], confirmer: true },
      { Origin: running.origin, 'X-Forwarded-For': '10.9.0.5' },
    );
    expect(await erased.json()).toEqual({ erased: 2 });
    await waitForOutbox(running, now);
    expectNothingLeft(running);
    expectVacuumed(running);
  });
});
