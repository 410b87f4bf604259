import { Webhook } from 'standardwebhooks';

import { RESPONSE_EXCERPT_CHARS } from './store.ts';

/**
 * One POST of one event, signed with the maintained `standardwebhooks` package: `webhook-id`
 * (the event's, the same on every attempt), `webhook-timestamp` (this attempt's, in seconds) and
 * `webhook-signature` (`v1,` + HMAC-SHA256 of `id.timestamp.body`). Redirects are never followed;
 * the whole attempt (answer and body) is bounded by the timeout.
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

function networkError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return SEND_ERRORS.timeout(timeoutMs);
  }
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  if (code === 'ECONNREFUSED') return SEND_ERRORS.refused;
  if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET') return SEND_ERRORS.closed;
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return SEND_ERRORS.timeout(timeoutMs);
  }
  return SEND_ERRORS.network(code ?? (error instanceof Error ? error.name : 'inconnue'));
}

export class WebhookSender {
  readonly #url: string;
  readonly #signer: Webhook;
  readonly #timeoutMs: number;

  constructor(options: { url: string; secret: string; timeoutMs: number }) {
    this.#url = options.url;
    this.#signer = new Webhook(options.secret);
    this.#timeoutMs = options.timeoutMs;
  }

  async send(webhookId: string, body: string, at: Date): Promise<SendOutcome> {
    const started = performance.now();
    const signal = AbortSignal.timeout(this.#timeoutMs);
    const elapsed = () => performance.now() - started;
    try {
      const response = await fetch(this.#url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': webhookId,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': this.#signer.sign(webhookId, at, body),
        },
        body,
        redirect: 'manual',
        signal,
      });
      const text = (await response.text()).slice(0, RESPONSE_EXCERPT_CHARS);
      const status = response.status;
      const ok = status >= 200 && status < 300;
      return {
        httpStatus: status,
        error: ok
          ? null
          : status >= 300 && status < 400
            ? SEND_ERRORS.redirect(status)
            : SEND_ERRORS.status(status),
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
}
