import { Buffer } from 'node:buffer';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

import { Webhook } from 'standardwebhooks';

import { RESPONSE_EXCERPT_CHARS } from './events.ts';

/**
 * One POST of one event, signed with the maintained `standardwebhooks` package: `webhook-id`
 * (the event's, the same on every attempt), `webhook-timestamp` (this attempt's, in seconds) and
 * `webhook-signature` (`v1,` + HMAC-SHA256 of `id.timestamp.body`). Redirects are never followed;
 * the whole attempt (answer and body) is bounded by the timeout. `node:http(s)` with kept-alive
 * connections rather than `fetch`: about a fifth of fetch's CPU per request, measured, which
 * the submissions share the machine with.
 */
export interface SendOutcome {
  httpStatus: number | null;
  /** In French, for staff; null on a 2xx. */
  error: string | null;
  response: string | null;
  durationMs: number;
}

export const SEND_ERRORS = {
  timeout: (ms: number) => `délai dépassé (${Math.round(ms / 1000)} s)`,
  refused: 'connexion refusée',
  closed: 'connexion fermée par le destinataire',
  network: (code: string) => `erreur réseau (${code})`,
  redirect: (status: number) => `redirection ${status} non suivie`,
  status: (status: number) => `réponse HTTP ${status}`,
} as const;

class AttemptTimeout extends Error {}

function networkError(error: unknown, timeoutMs: number): string {
  if (error instanceof AttemptTimeout) return SEND_ERRORS.timeout(timeoutMs);
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === 'ECONNREFUSED') return SEND_ERRORS.refused;
  if (code === 'ECONNRESET' || code === 'EPIPE') return SEND_ERRORS.closed;
  return SEND_ERRORS.network(typeof code === 'string' ? code : 'inconnue');
}

function errorOfStatus(status: number): string | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) return SEND_ERRORS.redirect(status);
  return SEND_ERRORS.status(status);
}

export class WebhookSender {
  readonly #url: URL;
  readonly #signer: Webhook;
  readonly #timeoutMs: number;
  readonly #agent: HttpAgent;

  constructor(options: { url: string; secret: string; timeoutMs: number; maxSockets?: number }) {
    this.#url = new URL(options.url);
    this.#signer = new Webhook(options.secret);
    this.#timeoutMs = options.timeoutMs;
    const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 16 };
    this.#agent =
      this.#url.protocol === 'https:' ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions);
  }

  /** Closes the kept-alive connections (at shutdown). */
  close(): void {
    this.#agent.destroy();
  }

  async send(webhookId: string, body: string, at: Date): Promise<SendOutcome> {
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    try {
      const { status, text } = await this.#post(
        {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'webhook-id': webhookId,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': this.#signer.sign(webhookId, at, body),
        },
        body,
      );
      return {
        httpStatus: status,
        error: errorOfStatus(status),
        response: text === '' ? null : text,
        durationMs: elapsed(),
      };
    } catch (error) {
      return {
        httpStatus: null,
        error: networkError(error, this.#timeoutMs),
        response: null,
        durationMs: elapsed(),
      };
    }
  }

  /** The POST, its status and the start of its body, or a rejection (network, timeout). */
  #post(headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
    const send = this.#url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const request = send(
        this.#url,
        { method: 'POST', headers, agent: this.#agent },
        (response: IncomingMessage) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            if (text.length < RESPONSE_EXCERPT_CHARS) text += chunk;
          });
          response.on('end', () => {
            clearTimeout(timer);
            resolve({
              status: response.statusCode ?? 0,
              text: text.slice(0, RESPONSE_EXCERPT_CHARS),
            });
          });
          response.on('error', fail);
        },
      );
      function fail(error: Error) {
        clearTimeout(timer);
        reject(error);
      }
      const timer = setTimeout(() => request.destroy(new AttemptTimeout()), this.#timeoutMs);
      request.on('error', fail);
      request.end(body);
    });
  }
}
