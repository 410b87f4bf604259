import type { BrowserContext } from '@playwright/test';

import { hashSecret, newSecret, SESSION_ABSOLUTE_MS } from '#server/staff/index.ts';
import { STAFF_API_PREFIX } from '#contracts/staff/contract.ts';
import { sampleLead } from '#test-support/lead-input.ts';
import { openStores } from '#server/compose/stores.ts';

/** A request to write straight into the server's database, received `minutesAgo` ago. */
export interface SeededLead {
  id: string;
  nom: string;
  prenom?: string;
  telephone?: string;
  message?: string;
  minutesAgo: number;
}

/**
 * Writes `leads` and a session for `email` into the server's database (DATA_DIR `dataDir`) and
 * gives `context` the session's cookie. Sign-in itself is covered by e2e/staff.*.spec.ts; its
 * per-client limit is shared by the whole run.
 */
export async function seedStaffSession(
  context: BrowserContext,
  baseURL: string,
  dataDir: string,
  email: string,
  leads: readonly SeededLead[],
): Promise<void> {
  const store = await openStores({ dataDir });
  const now = Date.now();
  try {
    for (const lead of leads) {
      const at = now - lead.minutesAgo * 60_000;
      await store.leads.insertLead(
        lead.id,
        sampleLead({
          nom: lead.nom,
          prenom: lead.prenom ?? 'Claire',
          email: `${lead.id}@example.fr`,
          ...(lead.telephone ? { telephone: lead.telephone } : {}),
          ...(lead.message ? { message: lead.message } : {}),
        }),
        { text: 'J’accepte…', version: '2026-11-01', givenAt: at },
        [],
        at,
      );
    }
    const id = newSecret();
    await store.sessions.startSession({
      id_hash: hashSecret(id),
      email,
      created_at: now,
      last_seen_at: now,
      expires_at: now + SESSION_ABSOLUTE_MS,
    });
    await context.addCookies([
      {
        name: 'equipe',
        value: id,
        url: `${baseURL}${STAFF_API_PREFIX}/`,
        httpOnly: true,
        sameSite: 'Strict',
      },
    ]);
  } finally {
    await store.close();
  }
}
