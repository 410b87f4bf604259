import { execFile } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { promisify } from 'node:util';

import { describe, expect, it } from 'vitest';

import { DENO_BIN, DENO_OFFLINE_FLAGS } from '#scripts/lib/deno.ts';
import { cleanUpAfterEach, cleanups, peer } from './http-api-transport.fixture.ts';
import {
  createHttpApiTransport,
  idempotencyKeyFor,
  parseMailbox,
  parseMailboxList,
} from './http-api-transport.ts';
import { TransportError } from './mail-transport.ts';
import { buildConfirmation, buildNotification, messageIdFor } from './templates.ts';
import { type Lead, unspecifiedContact } from '#server/db/records/lead.ts';

cleanUpAfterEach();

const SETTINGS = {
  from: '"Calora Énergies" <no-reply@calora-energies.example>',
  to: 'equipe@calora-energies.example, direction@calora-energies.example',
};

const LEAD: Lead = {
  id: '0193a7c2-5e0f-7000-8000-000000000001',
  createdAt: Date.UTC(2026, 10, 23, 9, 30),
  consent: { text: 'J’accepte…', version: '2026-11-01', givenAt: Date.UTC(2026, 10, 23, 9, 30) },
  contact: unspecifiedContact(Date.UTC(2026, 10, 23, 9, 30)),
  clientType: 'professionnel',
  nom: 'N’Diaye-Lefèvre',
  prenom: 'Anne-Marie',
  adresse: '3 rue de la Paix, 75002 Paris',
  telephone: '06 12 34 56 78',
  email: 'anne@entreprise.example',
  produit: 'HP flottante',
  message: '<b>Bonjour</b> & merci',
};

function notification() {
  return buildNotification(
    LEAD,
    SETTINGS,
    messageIdFor(LEAD.id, 'notification', 'calora-energies.example'),
  );
}

async function failureOf(promise: Promise<unknown>): Promise<TransportError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(TransportError);
    return error as TransportError;
  }
  throw new Error('the send was expected to fail');
}

describe('mailboxes for the API', () => {
  it('splits "Name <address>" and lists of addresses', () => {
    expect(parseMailbox('"Calora Énergies" <no-reply@calora-energies.example>')).toEqual({
      name: 'Calora Énergies',
      email: 'no-reply@calora-energies.example',
    });
    expect(parseMailbox('Site <site@example.fr>')).toEqual({
      name: 'Site',
      email: 'site@example.fr',
    });
    expect(parseMailbox(' a@b.fr ')).toEqual({ email: 'a@b.fr' });
    expect(parseMailboxList('a@b.fr, Équipe <c@d.fr>')).toEqual([
      { email: 'a@b.fr' },
      { name: 'Équipe', email: 'c@d.fr' },
    ]);
  });

  it('derives one idempotency key per message, the same on every attempt', async () => {
    const first = await idempotencyKeyFor('<a.notification@example.fr>');
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(await idempotencyKeyFor('<a.notification@example.fr>')).toBe(first);
    expect(await idempotencyKeyFor('<a.confirmation@example.fr>')).not.toBe(first);
  });
});

describe('the HTTP API transport (Brevo)', () => {
  it('posts the message with its key, its parts and its stable Message-ID', async () => {
    const api = await peer();
    const transport = createHttpApiTransport({ url: `${api.url}/`, apiKey: api.apiKey });
    const message = notification();
    await transport.send(message, 'unused');

    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request!.status).toBe(201);
    expect(request!.apiKey).toBe(api.apiKey);
    expect(request!.contentType).toBe('application/json');
    expect(request!.body).toEqual({
      sender: { name: 'Calora Énergies', email: 'no-reply@calora-energies.example' },
      to: [
        { email: 'equipe@calora-energies.example' },
        { email: 'direction@calora-energies.example' },
      ],
      replyTo: { email: 'anne@entreprise.example' },
      subject: message.subject,
      htmlContent: message.html,
      textContent: message.text,
      headers: {
        'X-Lead-Id': LEAD.id,
        'Message-Id': `<${LEAD.id}.notification@calora-energies.example>`,
        idempotencyKey: await idempotencyKeyFor(message.messageId),
      },
    });
    // What the visitor typed reaches the HTML escaped (the templates' job, kept on this path).
    expect(request!.body.htmlContent).toContain('&lt;b&gt;Bonjour&lt;/b&gt; &amp; merci');
  });

  it('sends the confirmation to the visitor alone, without a reply-to', async () => {
    const api = await peer();
    const transport = createHttpApiTransport({ url: api.url, apiKey: api.apiKey });
    await transport.send(
      buildConfirmation(LEAD, SETTINGS, messageIdFor(LEAD.id, 'confirmation', 'x.example')),
      'unused',
    );
    expect(api.requests[0]!.body.to).toEqual([{ email: 'anne@entreprise.example' }]);
    expect(api.requests[0]!.body.replyTo).toBeUndefined();
    expect(api.requests[0]!.body.headers?.['Auto-Submitted']).toBe('auto-replied');
  });

  it('sends the calendar invitation as a base64 attachment', async () => {
    const api = await peer();
    const transport = createHttpApiTransport({ url: api.url, apiKey: api.apiKey });
    const content = 'BEGIN:VCALENDAR\r\nMETHOD:PUBLISH\r\nSUMMARY:Rappel par Calora Énergies\r\n';
    await transport.send(
      {
        ...notification(),
        attachments: [
          {
            filename: 'rappel.ics',
            contentType: 'text/calendar; method=PUBLISH; charset=UTF-8',
            content,
          },
        ],
      },
      'unused',
    );
    expect(api.requests[0]!.status).toBe(201);
    const [file] = api.requests[0]!.body.attachment ?? [];
    expect(file?.name).toBe('rappel.ics');
    expect(Buffer.from(String(file?.content), 'base64').toString('utf8')).toBe(content);
  });

  it('retries later on 5xx, 429, a wrong key or an unknown route; gives up on 400', async () => {
    const api = await peer();
    const transport = createHttpApiTransport({ url: api.url, apiKey: api.apiKey });
    api.failNext(503, 429, 400);
    expect(await failureOf(transport.send(notification(), 'x'))).toMatchObject({
      code: 'http_503',
      permanent: false,
    });
    expect(await failureOf(transport.send(notification(), 'x'))).toMatchObject({
      code: 'http_429',
      permanent: false,
    });
    expect(await failureOf(transport.send(notification(), 'x'))).toMatchObject({
      code: 'http_400',
      permanent: true,
    });

    const wrongKey = createHttpApiTransport({ url: api.url, apiKey: 'revoked' });
    expect(await failureOf(wrongKey.send(notification(), 'x'))).toMatchObject({
      code: 'http_401',
      permanent: false,
    });
    const wrongPath = createHttpApiTransport({ url: `${api.url}/v2`, apiKey: api.apiKey });
    expect(await failureOf(wrongPath.send(notification(), 'x'))).toMatchObject({
      code: 'http_404',
      permanent: false,
    });
    // The provider's answer text is never carried into the error (it could reach a log line).
    expect(JSON.stringify(await failureOf(wrongKey.send(notification(), 'x')))).not.toContain(
      'Key not found',
    );
  });

  it('reports a refused connection and a silent API as retryable failures', async () => {
    const api = await peer();
    const url = api.url;
    await api.stop();
    const refused = createHttpApiTransport({ url, apiKey: 'k' });
    expect(await failureOf(refused.send(notification(), 'x'))).toMatchObject({
      code: 'http_network',
      permanent: false,
    });

    // Accepts connections and never answers.
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          silent.close(() => resolve());
        }),
    );
    const address = silent.address();
    const port = address && typeof address === 'object' ? address.port : 0;
    const hanging = createHttpApiTransport({
      url: `http://127.0.0.1:${port}`,
      apiKey: 'k',
      timeoutMs: 200,
    });
    expect(await failureOf(hanging.send(notification(), 'x'))).toMatchObject({
      code: 'http_timeout',
      permanent: false,
    });
  });
});

/** A message with an attachment of non-ASCII text (its base64 is computed on each runtime). */
function withInvitation() {
  return {
    ...notification(),
    attachments: [
      {
        filename: 'rappel.ics',
        contentType: 'text/calendar; method=PUBLISH; charset=UTF-8',
        content: 'BEGIN:VCALENDAR\r\nSUMMARY:Rappel – Calora Énergies\r\nEND:VCALENDAR\r\n',
      },
    ],
  };
}

describe('the same transport on Deno (the Edge Functions runtime)', () => {
  async function sendOnDeno(url: string, apiKey: string) {
    const { stdout } = await promisify(execFile)(DENO_BIN, [
      'run',
      '--no-config',
      ...DENO_OFFLINE_FLAGS,
      `--allow-net=${new URL(url).host}`,
      'test-support/deno/send-mail.ts',
      url,
      apiKey,
      JSON.stringify(withInvitation()),
    ]);
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
  }

  it('sends the same request as on Node, and reports failures the same way', async () => {
    const api = await peer();
    api.failNext(503);
    expect(await sendOnDeno(api.url, api.apiKey)).toEqual({
      ok: false,
      code: 'http_503',
      permanent: false,
    });
    expect(await sendOnDeno(api.url, api.apiKey)).toEqual({ ok: true });

    const onNode = await peer();
    await createHttpApiTransport({ url: onNode.url, apiKey: onNode.apiKey }).send(
      withInvitation(),
      'unused',
    );
    expect(api.requests.map((request) => request.status)).toEqual([503, 201]);
    expect(api.requests[1]!.body.attachment).toHaveLength(1);
    expect(api.requests[1]!.body).toEqual(onNode.requests[0]!.body);
    expect(api.requests[1]!.apiKey).toBe(api.apiKey);
  });
});
