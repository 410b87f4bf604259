import { createHash } from 'node:crypto';

import type { Logger } from '#server/logger.ts';
import type { Database } from '#server/db/database.ts';
import type {
  IntegrationsPage,
  LeadWebhooks,
  WebhookEndpointState,
} from '#contracts/staff/webhooks-contract.ts';
import { webhookAlertWriter } from './alert-mail.ts';
import { WebhookSender } from './sender.ts';
import { displayedUrl, type WebhookConfig } from './settings.ts';
import { WebhookStaffStore } from './staff-store.ts';
import { WebhookStore, type QueuedAlert } from './store.ts';
import { WebhookWorker } from './worker.ts';

/**
 * The CRM webhook, assembled (ADR 0024): its store on the database, the
 * signed sender, the delivery worker, the alerts' e-mail writer and the staff pages' reads and
 * actions. The Node server and the Supabase worker build it the same way.
 */
export interface WebhookServiceOptions {
  database: Database;
  config: WebhookConfig;
  logger: Logger;
  /** The company's mail domain, for the alerts' Message-IDs. */
  messageDomain: string;
  /** Links in the alerts (the integrations page). */
  siteUrl: () => string;
  /** Alert e-mails were queued: wake the outbox worker. */
  onAlert?: (alerts: readonly QueuedAlert[]) => void;
  now?: () => number;
  /** Events attempted at once (default 16). */
  concurrency?: number;
  pollIntervalMs?: number;
}

/** The key of an endpoint's state: a new URL starts active. */
function endpointKey(url: string): string {
  return createHash('sha256').update(url).digest('hex');
}

export class WebhookService {
  readonly store: WebhookStore;
  /** The staff pages' actions and views. */
  readonly staff: WebhookStaffStore;
  readonly worker: WebhookWorker;
  readonly endpoint: string;
  readonly #now: () => number;
  readonly #siteUrl: () => string;
  readonly #sender: WebhookSender;

  constructor(options: WebhookServiceOptions) {
    const urlKey = endpointKey(options.config.url);
    this.store = new WebhookStore(options.database, urlKey);
    this.staff = new WebhookStaffStore(options.database, urlKey);
    this.endpoint = displayedUrl(options.config.url);
    this.#now = options.now ?? Date.now;
    this.#siteUrl = options.siteUrl;
    this.#sender = new WebhookSender({ ...options.config, maxSockets: options.concurrency });
    this.worker = new WebhookWorker({
      store: this.store,
      sender: this.#sender,
      logger: options.logger,
      retryDelaysMs: options.config.retryDelaysMs,
      endpoint: this.endpoint,
      alertMessageId: (id) => `<webhook-alert-${id}@${options.messageDomain}>`,
      onAlert: options.onAlert,
      // A claim outlives one round of attempts (each bounded by the timeout) and its record,
      // with a margin; a crashed instance's claims come back to the others after it.
      leaseMs: options.config.timeoutMs * 2 + 10_000,
      concurrency: options.concurrency,
      pollIntervalMs: options.pollIntervalMs,
      now: this.#now,
    });
  }

  /** Stops the worker (its attempts under way end first) and closes its connections. */
  async stop(): Promise<void> {
    await this.worker.stop();
    this.#sender.close();
  }

  /** The outbox's writer of this webhook's alert e-mails. */
  alertWriter() {
    return webhookAlertWriter(async (id) => this.store.alertById(id), this.#siteUrl);
  }

  async integrationsPage(): Promise<IntegrationsPage> {
    const view = await this.staff.overview(this.#now());
    const state: WebhookEndpointState =
      view.disabledAt !== null ? 'disabled' : view.failing ? 'failing' : 'active';
    const names = await this.staff.personNames(
      [...view.failed, ...view.recent].flatMap((event) => (event.leadId ? [event.leadId] : [])),
    );
    const person = (leadId: string | null) => (leadId ? (names.get(leadId) ?? null) : null);
    return {
      configured: true,
      endpoint: { url: this.endpoint, state, disabledAt: view.disabledAt },
      pending: view.pending,
      failed: view.failed.map((event) => ({ ...event, person: person(event.leadId) })),
      failedTotal: view.failedTotal,
      recent: view.recent.map((attempt) => ({ ...attempt, person: person(attempt.leadId) })),
      now: view.now,
    };
  }

  async leadWebhooks(leadId: string): Promise<LeadWebhooks> {
    return { configured: true, events: await this.staff.eventsOfLead(leadId) };
  }

  async resend(webhookId: string | 'all', actor: string): Promise<number> {
    const count = await this.staff.resend(webhookId, actor, this.#now());
    if (count > 0) this.worker.kick();
    return count;
  }

  async enable(actor: string): Promise<number> {
    const count = await this.staff.enable(actor, this.#now());
    this.worker.kick();
    return count;
  }

  async sendTest(actor: string): Promise<string> {
    const id = await this.staff.queueTest(actor, this.#now());
    this.worker.kick();
    return id;
  }
}
