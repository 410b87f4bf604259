/**
 * Every capability's store on one database handle, built one way (`new XStore(database)`): the
 * composition roots (server/compose.ts, the Edge Functions' pipeline), the CLI and the tests
 * take them from here.
 */
import { AudienceStore } from '#server/audience/index.ts';
import { CallbackStore } from '#server/callback/index.ts';
import type { Database } from '#server/db/database.ts';
import { openDatabase } from '#server/db/open.ts';
import type { StoreConfig } from '#server/db/connection.ts';
import { ClientRates } from '#server/http/client-rates.ts';
import { InboxStore } from '#server/inbox/index.ts';
import { LeadStore } from '#server/leads/index.ts';
import { OutboxStore } from '#server/outbox/index.ts';
import { RetentionStore } from '#server/retention/index.ts';
import { SessionStore } from '#server/staff/index.ts';
import { VisitorLinkStore, VisitorStore } from '#server/visitor/index.ts';
import { WebhookStore } from '#server/webhooks/index.ts';

export interface Stores {
  readonly database: Database;
  readonly leads: LeadStore;
  /** The stored per-client budgets' counts (the endpoint's, the staff sign-in's). */
  readonly rates: ClientRates;
  readonly outbox: OutboxStore;
  readonly sessions: SessionStore;
  readonly inbox: InboxStore;
  readonly callback: CallbackStore;
  readonly retention: RetentionStore;
  readonly audience: AudienceStore;
  /** The visitor page's links (ADR 0029). */
  readonly visitorLinks: VisitorLinkStore;
  /** The visitor page's reads and changes (ADR 0029). */
  readonly visitor: VisitorStore;
  /** The CRM webhook's deliveries and staff actions, for the webhook URL's key. */
  webhooks(urlKey: string): WebhookStore;
  /** Closes the database; every store's later use throws. */
  close(): Promise<void>;
}

export function storesOf(database: Database): Stores {
  return {
    database,
    leads: new LeadStore(database),
    rates: new ClientRates(database),
    outbox: new OutboxStore(database),
    sessions: new SessionStore(database),
    inbox: new InboxStore(database),
    callback: new CallbackStore(database),
    retention: new RetentionStore(database),
    audience: new AudienceStore(database),
    visitorLinks: new VisitorLinkStore(database),
    visitor: new VisitorStore(database),
    webhooks: (urlKey) => new WebhookStore(database, urlKey),
    close: () => database.close(),
  };
}

/** Opens (and migrates) the database and builds every store on it. */
export async function openStores(config: StoreConfig): Promise<Stores> {
  return storesOf(await openDatabase(config));
}
