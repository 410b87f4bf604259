import { createServer, type IncomingMessage, type Server } from 'node:http';

/**
 * A stand-in for Brevo's transactional e-mail API on 127.0.0.1 (port 0): `POST /v3/smtp/email`
 * with an `api-key` header and a JSON body. It records every request, checks the key (401
 * otherwise) and the fields Brevo requires (400 otherwise), and answers each request with the
 * next status of its script, then 201 with a `messageId`, as Brevo does.
 */
interface ApiMailbox {
  email: string;
  name?: string;
}

interface ApiMailRequest {
  path: string;
  apiKey: string | undefined;
  contentType: string | undefined;
  body: {
    sender?: ApiMailbox;
    to?: ApiMailbox[];
    replyTo?: ApiMailbox;
    subject?: string;
    htmlContent?: string;
    textContent?: string;
    headers?: Record<string, string>;
    /** Brevo's attachments: a file name and its base64 content. */
    attachment?: Array<{ name?: unknown; content?: unknown }>;
  };
  /** The status the stand-in answered. */
  status: number;
  receivedAt: number;
}

export interface MailApiPeer {
  /** Base URL, for MAIL_API_URL. */
  readonly url: string;
  readonly apiKey: string;
  /** Every request, answered or not. */
  readonly requests: ApiMailRequest[];
  /** The requests answered 201 (the messages the provider accepted). */
  accepted(): ApiMailRequest[];
  /** Statuses for the next requests, in order (then 201 again). */
  failNext(...statuses: number[]): void;
  waitFor(predicate: (requests: ApiMailRequest[]) => boolean, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const MAIL_API_TEST_KEY = 'xkeysib-test-0123456789';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function isMailbox(value: unknown): value is ApiMailbox {
  return (
    typeof value === 'object' && value !== null && typeof (value as ApiMailbox).email === 'string'
  );
}

function missingField(body: ApiMailRequest['body']): string | undefined {
  if (!isMailbox(body.sender)) return 'sender';
  if (!Array.isArray(body.to) || body.to.length === 0 || !body.to.every(isMailbox)) return 'to';
  if (body.replyTo !== undefined && !isMailbox(body.replyTo)) return 'replyTo';
  if (!body.subject) return 'subject';
  if (!body.htmlContent && !body.textContent) return 'htmlContent';
  const files = body.attachment;
  if (files !== undefined) {
    const valid = (file: { name?: unknown; content?: unknown }) =>
      typeof file.name === 'string' &&
      typeof file.content === 'string' &&
      /^[A-Za-z0-9+/]+={0,2}$/.test(file.content);
    if (!Array.isArray(files) || files.length === 0 || !files.every(valid)) return 'attachment';
  }
  return undefined;
}

export async function startMailApiPeer(apiKey = MAIL_API_TEST_KEY): Promise<MailApiPeer> {
  const requests: ApiMailRequest[] = [];
  const script: number[] = [];
  let sequence = 0;

  const server: Server = createServer((request, response) => {
    void (async () => {
      const text = await readBody(request);
      const answer = (status: number, payload: Record<string, unknown>) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (request.method !== 'POST' || request.url !== '/v3/smtp/email') {
        answer(404, { code: 'not_found', message: 'Invalid route' });
        return;
      }
      let body: ApiMailRequest['body'] = {};
      try {
        body = JSON.parse(text) as ApiMailRequest['body'];
      } catch {
        // Recorded as an empty body, answered 400 below.
      }
      const record: ApiMailRequest = {
        path: request.url,
        apiKey: request.headers['api-key'] as string | undefined,
        contentType: request.headers['content-type'],
        body,
        status: 0,
        receivedAt: Date.now(),
      };
      requests.push(record);
      const missing = missingField(body);
      if (record.apiKey !== apiKey) {
        record.status = 401;
        answer(401, { code: 'unauthorized', message: 'Key not found' });
      } else if (missing) {
        record.status = 400;
        answer(400, { code: 'missing_parameter', message: `${missing} is missing` });
      } else if (script.length > 0) {
        record.status = script.shift() ?? 503;
        answer(record.status, { code: 'scripted_failure', message: 'Service unavailable' });
      } else {
        sequence += 1;
        record.status = 201;
        answer(201, { messageId: `<stand-in.${sequence}@smtp-relay.example>` });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    accepted: () => requests.filter((request) => request.status === 201),
    failNext: (...statuses) => {
      script.push(...statuses);
    },
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(requests)) {
        if (Date.now() > deadline) throw new Error('mail API stand-in: condition not met in time');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
