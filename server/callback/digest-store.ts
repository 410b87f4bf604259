import { type ContactChoice } from '#contracts/contact/contact-choice.ts';
import { choiceFromColumns } from '#contracts/contact/choice-records.ts';
import { personName } from '#contracts/staff/contract.ts';
import { inTransaction } from '#server/db/connection.ts';
import type { Database } from '#server/db/database.ts';
import { scopeOf } from '#server/db/scope.ts';
import { OutboxQueue, OutboxStore, toOutbox, type OutboxRow } from '#server/outbox/index.ts';

/** A request still to call back, as the clock's lists and the digest show it. */
export interface UncalledLead {
  id: string;
  createdAt: number;
  prenom: string;
  produit: string;
  /** The stored due time (null: stored before migration 10, the reception's rule applies). */
  storedDueAt: number | null;
  /** How and when the person asked to be contacted (ADR 0029): each line says it. */
  choice: ContactChoice;
  /** Who handles it (a `staff_people` id); null: « À attribuer ». */
  ownerId: string | null;
}

/** A request as the call-back counters read it (store.ts `receivedSince`). */
export interface ReceivedLead {
  /** Who handles it (`staff_people.id`); null: « À attribuer ». */
  ownerId: string | null;
  createdAt: number;
  dueAt: number | null;
  choice: ContactChoice;
  reachedAt: number | null;
  open: boolean;
}

/** The `leads` columns an UncalledLead is read from. */
export const UNCALLED_COLUMNS = [
  'leads.id',
  'leads.created_at',
  'leads.prenom',
  'leads.produit',
  'leads.due_at',
  'leads.contact_channel',
  'leads.contact_days',
  'leads.contact_slots',
  'leads.owner_id',
] as const;

export function toUncalled(row: {
  id: string;
  created_at: number;
  prenom: string;
  produit: string;
  due_at: number | null;
  contact_channel: string;
  contact_days: string;
  contact_slots: string;
  owner_id: string | null;
}): UncalledLead {
  return {
    id: row.id,
    createdAt: row.created_at,
    prenom: row.prenom,
    produit: row.produit,
    storedDueAt: row.due_at,
    choice: choiceFromColumns(row.contact_channel, row.contact_days, row.contact_slots),
    ownerId: row.owner_id,
  };
}

/** A digest's line: a request and its due time; `mine`: the person's own (else unassigned). */
export interface DigestItem {
  id: string;
  dueAt: number;
  mine?: boolean;
}

/** A line of a responsable's digest: how many requests a person owns that are overdue. */
export interface TeamOverdue {
  personId: string;
  count: number;
}

/** What a claimed digest reports, read when it is sent. */
export interface DigestContent {
  items: Array<DigestItem & UncalledLead>;
  /** A responsable's: the overdue count per person, with their names; null otherwise. */
  team: Array<{ name: string; count: number }> | null;
  /** The person it goes to; undefined: a shared digest (MAIL_TO), or a person who left. */
  person?: { email: string; firstName: string } | undefined;
}

/** A person who gets a morning digest (active, digest on). */
export interface DigestPerson {
  id: string;
  role: 'responsable' | 'commercial';
}

/** The shared digest's person: MAIL_TO's, when the team has nobody to send one to. */
export const SHARED_DIGEST = '';

/**
 * The morning digest's rows (`digests`, one per day and person, ADR 0048, and its e-mail in the
 * outbox): the claim that only one instance wins per day and person, and the reads of what a
 * claimed digest reports.
 */
export class DigestStore {
  readonly #database: Database;

  constructor(database: Database) {
    this.#database = database;
  }

  /** The active people whose digest is on, and whether the team has anyone active at all. */
  async digestPeople(): Promise<{ people: DigestPerson[]; anyone: boolean }> {
    const rows = await this.#database.db
      .selectFrom('staff_people')
      .select(['id', 'role', 'digest'])
      .where('active', '=', 1)
      .orderBy('id')
      .execute();
    return {
      people: rows.filter((row) => row.digest === 1).map(({ id, role }) => ({ id, role })),
      anyone: rows.length > 0,
    };
  }

  /**
   * Claims the digest of `day` for `personId`: inserts its row unless one exists, and with it
   * (same transaction) its outbox e-mail when it reports anything. Whatever the number of
   * instances or restarts, only one claim per day and person succeeds.
   */
  claimDigest(claim: {
    day: string;
    personId: string;
    now: number;
    messageId: string;
    items: readonly DigestItem[];
    team?: readonly TeamOverdue[] | null;
  }): Promise<{ claimed: boolean; count: number }> {
    const { day, personId, now, items } = claim;
    const team = claim.team ?? null;
    return inTransaction(this.#database, async (trx) => {
      const inserted = await trx
        .insertInto('digests')
        .values({
          day,
          person_id: personId,
          created_at: now,
          items: JSON.stringify(items),
          count: items.length,
          team: team === null ? null : JSON.stringify(team),
        })
        .onConflict((conflict) => conflict.columns(['day', 'person_id']).doNothing())
        .returning('day')
        .executeTakeFirst();
      if (!inserted) return { claimed: false, count: 0 };
      if (items.length > 0 || (team !== null && team.length > 0)) {
        await new OutboxQueue(scopeOf(this.#database, trx)).queueDigest({
          day,
          personId,
          messageId: claim.messageId,
          now,
        });
      }
      return { claimed: true, count: items.length };
    });
  }

  /** The digest e-mails in the outbox, oldest first. */
  async digestMails(): Promise<OutboxRow[]> {
    const rows = await this.#database.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'digest')
      .orderBy('id')
      .execute();
    return rows.map(toOutbox);
  }

  /**
   * What a claimed digest reports: its items, with the requests that still exist, the team's
   * overdue counts with the people's current names, and the person it goes to if still active.
   */
  async digestContent(day: string, personId: string): Promise<DigestContent | undefined> {
    const db = this.#database.db;
    const row = await db
      .selectFrom('digests')
      .select(['items', 'team'])
      .where('day', '=', day)
      .where('person_id', '=', personId)
      .executeTakeFirst();
    if (!row) return undefined;
    const person =
      personId === SHARED_DIGEST
        ? undefined
        : await new OutboxStore(this.#database).person(personId);
    const team = row.team === null ? null : await this.#teamNames(JSON.parse(row.team));
    return { items: await this.#items(JSON.parse(row.items) as DigestItem[]), team, person };
  }

  async #items(items: DigestItem[]): Promise<Array<DigestItem & UncalledLead>> {
    if (items.length === 0) return [];
    const leads = await this.#database.db
      .selectFrom('leads')
      .select([...UNCALLED_COLUMNS])
      .where(
        'leads.id',
        'in',
        items.map((item) => item.id),
      )
      .execute();
    const byId = new Map(leads.map((lead) => [lead.id, toUncalled(lead)]));
    return items.flatMap((item) => {
      const lead = byId.get(item.id);
      // The line's due time is the one decided at the claim; the choice is the current one.
      return lead ? [{ ...lead, ...item }] : [];
    });
  }

  /** The overdue counts with each person's name (« Prénom Nom », else their e-mail). */
  async #teamNames(team: TeamOverdue[]): Promise<Array<{ name: string; count: number }>> {
    if (team.length === 0) return [];
    const people = await this.#database.db
      .selectFrom('staff_people')
      .select(['id', 'first_name', 'last_name', 'email'])
      .where(
        'id',
        'in',
        team.map((line) => line.personId),
      )
      .execute();
    const names = new Map(
      people.map((p) => [
        p.id,
        personName({ firstName: p.first_name, lastName: p.last_name, email: p.email }),
      ]),
    );
    return team.map((line) => ({ name: names.get(line.personId) ?? '—', count: line.count }));
  }
}
