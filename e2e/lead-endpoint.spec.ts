import { CONTACT_ENDPOINT_PATH as ENDPOINT } from '../contracts/contact/lead-contract';
import { expect, test } from './fixtures';
import { waitForMail } from './support/mailbox';

test('a request posted to the endpoint is stored and both e-mails reach the SMTP server', async ({
  request,
}) => {
  const email = `e2e.${Date.now()}@entreprise.example`;
  const response = await request.post(ENDPOINT, {
    headers: { apikey: 'public-anon-key', Authorization: 'Bearer public-anon-key' },
    data: {
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
  });
  expect(response.status()).toBe(200);
  const { ok, id } = (await response.json()) as { ok: boolean; id: string };
  expect(ok).toBe(true);

  const notification = await waitForMail(
    (mail) => mail.headers['message-id']?.startsWith(`<${id}.notification@`) ?? false,
  );
  expect(notification.headers['reply-to']).toBe(email);
  expect(notification.subject).toBe('Nouvelle demande de contact\u00a0: Audit énergétique');
  expect(notification.text).toContain('Test de bout en bout');

  const confirmation = await waitForMail(
    (mail) => mail.headers['message-id']?.startsWith(`<${id}.confirmation@`) ?? false,
  );
  expect(confirmation.envelopeTo).toEqual([email]);
  expect(confirmation.text).toContain('24\u00a0h');
});

test('an invalid request gets a French error the form can show', async ({ request }) => {
  const response = await request.post(ENDPOINT, {
    data: { clientType: 'professionnel', email: 'a@b.fr,c@d.fr' },
  });
  expect(response.status()).toBe(400);
  const body = (await response.json()) as { error: string; fields: Record<string, string> };
  expect(body.fields.email).toBe('Saisissez une seule adresse e-mail, sans espace ni séparateur.');
});
