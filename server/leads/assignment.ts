import type { CompiledQuery, Kysely } from 'kysely';

import type { BatchRead } from '#server/db/batch-statements.ts';
import type { Tables } from '#server/db/schema.ts';

/**
 * The owner of each new request, chosen in the transaction that stores it (ADR 0045). The sales
 * team (server/team) implements it and the composition injects it through `buildLeads`, so the
 * lead capability never imports the team's. Per group-commit batch: one read of the team (with
 * the batch's other reads), the requests assigned in memory in their order, one write of the
 * people's turns (with the batch's other writes).
 */
export interface LeadAssigner {
  /** PostgreSQL: the advisory lock taken with the batch's `BEGIN`, before the team is read. */
  readonly lockName: string;
  /** What one batch reads, decides and writes. */
  batch(): AssignmentBatch;
}

/** Who got a request: the person's id, and their name and e-mail for the CRM's `lead.created`. */
export interface AssignedOwner {
  id: string;
  name: string;
  email: string;
}

export interface AssignmentBatch {
  reads(db: Kysely<Tables>): BatchRead;
  /** The owner of a request for `adresse` received at `now`; null: « À attribuer ». */
  assign(adresse: string, now: number): AssignedOwner | null;
  writes(db: Kysely<Tables>): CompiledQuery[];
}
