import type { PeerCount, SmtpPeerProcess } from './smtp-peer.ts';
import type { ReceiverCount, WebhookReceiverProcess } from './webhook-receiver.ts';

/** After the load: waits until what is due has arrived and nothing more has come for 2 s. */

export interface Drained {
  mail: PeerCount;
  /** What the webhook receiver got (when there is one). */
  webhook?: ReceiverCount;
  /** From the end of the load to the last arrival. */
  seconds: number;
}

const QUIET_MS = 2_000;

/**
 * Waits for `due.mail` distinct e-mails and, when `due.webhook` is given, that many distinct
 * events delivered, then for 2 s without anything new (what was stored as the load stopped,
 * whose answers came too late, arrives too), or `timeoutMs`.
 */
export async function drain(
  peer: SmtpPeerProcess,
  receiver: WebhookReceiverProcess | undefined,
  due: { mail: number; webhook?: number },
  timeoutMs: number,
): Promise<Drained> {
  const start = Date.now();
  let mail = await peer.count();
  let webhook = await receiver?.count();
  let lastChange = start;
  while (Date.now() - start < timeoutMs) {
    await new Promise((wait) => setTimeout(wait, 250));
    const nowMail = await peer.count();
    const nowWebhook = await receiver?.count();
    // A hung receiver's arrivals (each attempt, every WEBHOOK_TIMEOUT_MS) are not waited for.
    const webhookChanged = due.webhook !== undefined && nowWebhook?.received !== webhook?.received;
    if (nowMail.received !== mail.received || webhookChanged) {
      lastChange = Date.now();
    }
    mail = nowMail;
    webhook = nowWebhook;
    const webhookDone = due.webhook === undefined || (webhook?.delivered ?? 0) >= due.webhook;
    if (mail.distinct >= due.mail && webhookDone && Date.now() - lastChange > QUIET_MS) break;
  }
  return { mail, webhook, seconds: (lastChange - start) / 1000 };
}
