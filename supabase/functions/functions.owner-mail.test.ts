import { describe, expect, it } from 'vitest';

import {
  api,
  invokeValid,
  outboxOf,
  query,
  replay,
  runFunctionsForThisFile,
  runScheduledJob,
} from './functions.fixture.ts';

/**
 * Mail follows the owner on Supabase (ADR 0048): the outbox-worker Edge Function sends a
 * request's notification to MAIL_TO and its owner, and a hand-over to the new owner, through
 * the HTTP mail API, like the Node server.
 */
runFunctionsForThisFile();

const MARIE = 'marie.supabase@calora-energies.example';
const TEAM_BOX = 'equipe@calora-energies.example';

/** Marie, an active commercial, written as the team's capability writes her. */
async function addMarie(): Promise<string> {
  const id = 'person-marie-supabase';
  await query(
    `INSERT INTO staff_people (id, first_name, last_name, email_key, email, role, active, created_at, changed_at)
     VALUES ($1, 'Marie', 'Dupont', $2, $2, 'commercial', 1, 0, 0)`,
    [id, MARIE],
  );
  return id;
}

function acceptedWith(messageId: string) {
  return api.accepted().find((request) => request.body.headers?.['Message-Id'] === messageId);
}

describe('outbox-worker: mail follows the owner', () => {
  it('sends the notification to MAIL_TO and the owner, and the hand-over to the new owner', async () => {
    await replay(await runScheduledJob()); // drain what earlier tests stored
    const marie = await addMarie();
    const id = await invokeValid('owned@entreprise.example');
    await query('UPDATE leads SET owner_id = $1 WHERE id = $2', [marie, id]);
    await query(
      `INSERT INTO outbox (lead_id, kind, message_id, next_attempt_at, created_at, person_id)
       VALUES ($1, 'handover', $2, 0, 0, $3)`,
      [id, `<${id}.handover.0.${marie}@calora-energies.example>`, marie],
    );
    expect(await replay(await runScheduledJob())).toEqual({
      status: 200,
      body: { ok: true, handled: 3 },
    });
    expect((await outboxOf(id)).map((row) => [row.kind, row.status])).toEqual([
      ['confirmation', 'sent'],
      ['handover', 'sent'],
      ['notification', 'sent'],
    ]);
    const notification = acceptedWith(`<${id}.notification@calora-energies.example>`);
    expect(notification?.body.to?.map((box) => box.email).sort()).toEqual([MARIE, TEAM_BOX].sort());
    const handover = acceptedWith(`<${id}.handover.0.${marie}@calora-energies.example>`);
    expect(handover?.body.to?.map((box) => box.email)).toEqual([MARIE]);
    expect(handover?.body.textContent).toContain(`/equipe/demandes/${id}`);
    expect(handover?.body.textContent).not.toContain('owned@entreprise.example');
  });
});
