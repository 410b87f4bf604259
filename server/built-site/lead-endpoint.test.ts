import { afterAll, beforeAll, expect, it } from 'vitest';

import { CONTACT_ENDPOINT_PATH as ENDPOINT } from '#contracts/contact/lead-contract.ts';
import { startBuiltSite, type BuiltSite } from '#test-support/built-site.ts';

/**
 * The lead endpoint of the built server, as a client of the API calls it (moved from the browser
 * suite, e2e/lead-endpoint.spec.ts: no page involved).
 */
let site: BuiltSite;
beforeAll(async () => {
  site = await startBuiltSite();
});
afterAll(async () => {
  await site?.stop();
});

function post(body: unknown, headers: Record<string, string> = {}) {
  return site.get(ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

it('a request posted to the endpoint is stored and both e-mails reach the SMTP server', async () => {
  const email = `e2e.${Date.now()}@entreprise.example`;
  const response = await post(
    {
      clientType: 'professionnel',
      nom: 'Durand',
      prenom: 'Élise',
      adresse: '12 rue Anatole France, 92300 Levallois-Perret',
      telephone: '06 12 34 56 78',
      email,
      produit: 'Audit énergétique',
      message: 'Test de bout en bout',
      rgpdConsent: true,
      website: '',
    },
    { apikey: 'public-anon-key', Authorization: 'Bearer public-anon-key' },
  );
  expect(response.status).toBe(200);
  const { ok, id } = (await response.json()) as { ok: boolean; id: string };
  expect(ok).toBe(true);

  const withId = (kind: string) =>
    site.peer.messages.find(
      (mail) => mail.headers.get('message-id')?.startsWith(`<${id}.${kind}@`) ?? false,
    );
  await site.peer.waitFor(() => withId('notification') !== undefined, 10_000);
  const notification = withId('notification')!;
  expect(notification.headers.get('reply-to')).toBe(email);
  expect(notification.subject).toBe('Nouvelle demande de contact\u00a0: Audit énergétique');
  expect(notification.text).toContain('Test de bout en bout');

  await site.peer.waitFor(() => withId('confirmation') !== undefined, 10_000);
  const confirmation = withId('confirmation')!;
  expect(confirmation.envelopeTo).toEqual([email]);
  // The call-back clock's time for this request (exact wording: server/callback-time-answer.test.ts).
  expect(confirmation.text).toMatch(
    /Nous vous rappellerons au plus tard \S+ \d+(er)?\s\S+( à \d+\sh|, fin de journée)/,
  );
});

it('an invalid request gets a French error the form can show', async () => {
  const response = await post({ clientType: 'professionnel', email: 'a@b.fr,c@d.fr' });
  expect(response.status).toBe(400);
  const body = (await response.json()) as { error: string; fields: Record<string, string> };
  expect(body.fields.email).toBe('Saisissez une seule adresse e-mail, sans espace ni séparateur.');
});
