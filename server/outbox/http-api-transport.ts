import { TransportError, type MailMessage, type MailTransport } from './mail-transport.ts';

/**
 * E-mail through a transactional HTTP API, Brevo's (`POST {MAIL_API_URL}/v3/smtp/email` with an
 * `api-key` header), for platforms that block outgoing SMTP (Supabase, many PaaS). It uses only
 * `fetch` and Web Crypto, so the Node server and the Supabase Edge Function (Deno) share it.
 *
 * Each send carries the message's stable Message-ID (a header of the e-mail) and an
 * `idempotencyKey` derived from it: a resend after a crash, or a retry after an answer that was
 * lost, is recognisable by the receiving side, and Brevo itself drops a repeat within its
 * idempotency window.
 */
export interface HttpApiOptions {
  /** Base URL of the API, e.g. https://api.brevo.com (a path prefix is kept). */
  url: string;
  apiKey: string;
  /** Whole request timeout, in ms. */
  timeoutMs?: number;
}

const HTTP_API_SEND_PATH = '/v3/smtp/email';

interface Mailbox {
  email: string;
  name?: string;
}

/** `a@b.fr` or `Name <a@b.fr>` (the forms env.ts accepts) as Brevo's `{ email, name }`. */
export function parseMailbox(value: string): Mailbox {
  const trimmed = value.trim();
  const match = /^(.*)<([^<>]+)>$/.exec(trimmed);
  if (!match) return { email: trimmed };
  const name = (match[1] ?? '')
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();
  const email = (match[2] ?? '').trim();
  return name ? { email, name } : { email };
}

/** One address or a comma-separated list (MAIL_TO). */
export function parseMailboxList(value: string): Mailbox[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(parseMailbox);
}

/** A UUID-shaped key derived from the Message-ID: the same message always gets the same key. */
export async function idempotencyKeyFor(messageId: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(messageId)),
  );
  const hex = Array.from(digest.slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** UTF-8 text as base64, with what both Node and Deno provide. */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The JSON body of Brevo's `POST /v3/smtp/email` for one message. */
async function httpApiBody(message: MailMessage): Promise<Record<string, unknown>> {
  return {
    sender: parseMailbox(message.from),
    to: parseMailboxList(message.to),
    ...(message.replyTo ? { replyTo: parseMailbox(message.replyTo) } : {}),
    subject: message.subject,
    htmlContent: message.html,
    textContent: message.text,
    ...(message.attachments
      ? {
          attachment: message.attachments.map((file) => ({
            name: file.filename,
            content: base64(file.content),
          })),
        }
      : {}),
    headers: {
      ...message.headers,
      'Message-Id': message.messageId,
      idempotencyKey: await idempotencyKeyFor(message.messageId),
    },
  };
}

/**
 * Answers that mean "this message will never be accepted": the request itself is refused (400,
 * 422). A wrong key (401, 403), a wrong URL (404), throttling (429) and server errors are the
 * operator's or the provider's to fix, so the message waits and is retried.
 */
function isPermanent(status: number): boolean {
  return status === 400 || status === 422;
}

function sendUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${HTTP_API_SEND_PATH}`;
}

export function createHttpApiTransport(options: HttpApiOptions): MailTransport {
  const endpoint = sendUrl(options.url);
  const timeoutMs = options.timeoutMs ?? 30_000;
  return {
    kind: 'http-api',
    async send(message) {
      const body = JSON.stringify(await httpApiBody(message));
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            'api-key': options.apiKey,
          },
          body,
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const name = (error as { name?: unknown } | null)?.name;
        throw new TransportError(
          name === 'TimeoutError' || name === 'AbortError' ? 'http_timeout' : 'http_network',
          false,
        );
      }
      // Read the answer to the end (frees the connection); its text is never logged. A 2xx
      // status means accepted, even if the rest of the answer does not arrive.
      try {
        await response.arrayBuffer();
      } catch {
        // Nothing to add to the status.
      }
      if (response.ok) return;
      throw new TransportError(`http_${response.status}`, isPermanent(response.status));
    },
    close() {
      // fetch keeps no connection of ours open.
    },
  };
}
