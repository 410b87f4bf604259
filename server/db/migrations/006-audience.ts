import type { Migration } from './migration.ts';

export const MIGRATION_006: Migration = {
  // ADR 0023: only new tables, independent of any other migration.
  version: 6,
  name: 'audience: daily aggregates per page, referring host and device class; campaigns',
  sqlite: `
      CREATE TABLE audience_daily (
        day TEXT NOT NULL,
        page TEXT NOT NULL,
        referrer TEXT NOT NULL,
        device TEXT NOT NULL,
        views INTEGER NOT NULL,
        entries INTEGER NOT NULL,
        PRIMARY KEY (day, page, referrer, device)
      ) STRICT;
      CREATE TABLE audience_campaigns (
        day TEXT NOT NULL,
        campaign TEXT NOT NULL,
        entries INTEGER NOT NULL,
        PRIMARY KEY (day, campaign)
      ) STRICT;
    `,
  postgres: `
      CREATE TABLE audience_daily (
        day TEXT NOT NULL,
        page TEXT NOT NULL,
        referrer TEXT NOT NULL,
        device TEXT NOT NULL,
        views INTEGER NOT NULL,
        entries INTEGER NOT NULL,
        PRIMARY KEY (day, page, referrer, device)
      );
      CREATE TABLE audience_campaigns (
        day TEXT NOT NULL,
        campaign TEXT NOT NULL,
        entries INTEGER NOT NULL,
        PRIMARY KEY (day, campaign)
      );
    `,
};
