import { sql, type Kysely } from 'kysely';

import { withoutFlush } from '#server/db/connection.ts';
import type { Database } from '#server/db/database.ts';
import type { AudienceCampaignsTable, AudienceDailyTable, Tables } from '#server/db/schema.ts';
import { NO_REFERRER, OTHER_REFERRERS } from '#contracts/audience/aggregates.ts';

/**
 * The audience's store queries (ADR 0023): daily aggregates, written in batches by
 * upserts that add (so several instances on one PostgreSQL database add up), read by the staff
 * page, purged after 25 months. No row ever names a visitor.
 */

/** At most this many referring hosts (and campaigns) are stored per day; the rest as 'autres'. */
export const MAX_SOURCES_PER_DAY = 50;

/** One row of `audience_daily`: the counts of a day, page, referring host and device class. */
export type AudienceCount = AudienceDailyTable;

/** One row of `audience_campaigns`. */
export type CampaignCount = AudienceCampaignsTable;

/** A batch from one instance's memory: what happened since its last flush. */
export interface AudienceBatch {
  counts: readonly AudienceCount[];
  campaigns: readonly CampaignCount[];
}

const ROWS_PER_INSERT = 200;

/** Hosts (or campaigns) already stored for `day`, with the cap's catch-all left out. */
async function storedSources(
  trx: Kysely<Tables>,
  table: 'audience_daily' | 'audience_campaigns',
  day: string,
): Promise<Set<string>> {
  const rows =
    table === 'audience_daily'
      ? await trx
          .selectFrom('audience_daily')
          .select('referrer as source')
          .distinct()
          .where('day', '=', day)
          .execute()
      : await trx
          .selectFrom('audience_campaigns')
          .select('campaign as source')
          .where('day', '=', day)
          .execute();
  return new Set(
    rows.map((row) => row.source).filter((s) => s !== NO_REFERRER && s !== OTHER_REFERRERS),
  );
}

/** Maps each source past the day's cap to 'autres', admitting new ones while there is room. */
function capper(known: Map<string, Set<string>>) {
  return (day: string, source: string): string => {
    if (source === NO_REFERRER || source === OTHER_REFERRERS) return source;
    const set = known.get(day) ?? new Set<string>();
    known.set(day, set);
    if (set.has(source)) return source;
    if (set.size >= MAX_SOURCES_PER_DAY) return OTHER_REFERRERS;
    set.add(source);
    return source;
  };
}

export class AudienceStore {
  readonly #connection: Database;

  constructor(connection: Database) {
    this.#connection = connection;
  }

  /**
   * Adds a batch in one transaction. PostgreSQL: under a transaction advisory lock, so that two
   * instances flushing at once cannot both admit a 51st host; SQLite has one writer. Written
   * without waiting for a disk flush: a crash may lose the last seconds of counts, never a lead.
   */
  async add(batch: AudienceBatch): Promise<void> {
    if (batch.counts.length === 0 && batch.campaigns.length === 0) return;
    const run = async (trx: Kysely<Tables>) => {
      if (this.#connection.engine === 'postgres') {
        await sql`SELECT pg_advisory_xact_lock(hashtextextended('audience', 0))`.execute(trx);
      }
      const days = new Set([...batch.counts, ...batch.campaigns].map((row) => row.day));
      const hosts = new Map<string, Set<string>>();
      const campaigns = new Map<string, Set<string>>();
      for (const day of days) {
        hosts.set(day, await storedSources(trx, 'audience_daily', day));
        campaigns.set(day, await storedSources(trx, 'audience_campaigns', day));
      }
      const capHost = capper(hosts);
      const capCampaign = capper(campaigns);
      const counts = merge(
        batch.counts.map((row) => ({ ...row, referrer: capHost(row.day, row.referrer) })),
        (row) => `${row.day}\n${row.page}\n${row.referrer}\n${row.device}`,
        (into, row) => {
          into.views += row.views;
          into.entries += row.entries;
        },
      );
      const tagged = merge(
        batch.campaigns.map((row) => ({ ...row, campaign: capCampaign(row.day, row.campaign) })),
        (row) => `${row.day}\n${row.campaign}`,
        (into, row) => {
          into.entries += row.entries;
        },
      );
      for (let start = 0; start < counts.length; start += ROWS_PER_INSERT) {
        await trx
          .insertInto('audience_daily')
          .values(counts.slice(start, start + ROWS_PER_INSERT))
          .onConflict((conflict) =>
            conflict.columns(['day', 'page', 'referrer', 'device']).doUpdateSet((eb) => ({
              views: eb('audience_daily.views', '+', eb.ref('excluded.views')),
              entries: eb('audience_daily.entries', '+', eb.ref('excluded.entries')),
            })),
          )
          .execute();
      }
      for (let start = 0; start < tagged.length; start += ROWS_PER_INSERT) {
        await trx
          .insertInto('audience_campaigns')
          .values(tagged.slice(start, start + ROWS_PER_INSERT))
          .onConflict((conflict) =>
            conflict.columns(['day', 'campaign']).doUpdateSet((eb) => ({
              entries: eb('audience_campaigns.entries', '+', eb.ref('excluded.entries')),
            })),
          )
          .execute();
      }
    };
    // PostgreSQL: withoutFlush is the transaction; SQLite: one transaction on its connection.
    await withoutFlush(this.#connection, (db) =>
      this.#connection.engine === 'postgres' ? run(db) : db.transaction().execute(run),
    );
  }

  /** The aggregates of the days `from`…`to` (inclusive, YYYY-MM-DD). */
  counts(from: string, to: string): Promise<AudienceCount[]> {
    return this.#connection.db
      .selectFrom('audience_daily')
      .selectAll()
      .where('day', '>=', from)
      .where('day', '<=', to)
      .execute();
  }

  campaigns(from: string, to: string): Promise<CampaignCount[]> {
    return this.#connection.db
      .selectFrom('audience_campaigns')
      .selectAll()
      .where('day', '>=', from)
      .where('day', '<=', to)
      .execute();
  }

  /**
   * The source page and time of the requests received since `since` (ms): the requests' own
   * aggregate, put beside the views per page, never joined to them.
   */
  async requestSources(since: number): Promise<Array<{ at: number; page: string | null }>> {
    const rows = await this.#connection.db
      .selectFrom('leads')
      .innerJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id')
      .select(['leads.created_at as at', 'lead_tracking.source_page as page'])
      .where('leads.created_at', '>=', since)
      .execute();
    return rows.map((row) => ({ at: Number(row.at), page: row.page }));
  }

  /** Deletes the aggregates of the days before `firstKeptDay`; returns the rows deleted. */
  async purgeBefore(firstKeptDay: string): Promise<number> {
    const daily = await this.#connection.db
      .deleteFrom('audience_daily')
      .where('day', '<', firstKeptDay)
      .executeTakeFirst();
    const tagged = await this.#connection.db
      .deleteFrom('audience_campaigns')
      .where('day', '<', firstKeptDay)
      .executeTakeFirst();
    return Number(daily.numDeletedRows) + Number(tagged.numDeletedRows);
  }
}

function merge<T>(rows: readonly T[], keyOf: (row: T) => string, add: (into: T, row: T) => void) {
  const byKey = new Map<string, T>();
  for (const row of rows) {
    const key = keyOf(row);
    const into = byKey.get(key);
    if (into) add(into, row);
    else byKey.set(key, { ...row });
  }
  return [...byKey.values()];
}
