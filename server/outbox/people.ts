import type { Kysely } from 'kysely';

import type { Tables } from '#server/db/schema.ts';

/** A person an e-mail goes to (ADR 0048): their address and how the e-mail names them. */
export interface MailPerson {
  id: string;
  email: string;
  firstName: string;
}

/**
 * The active person `id`, read when their e-mail is written; undefined once deactivated (a
 * hand-over to someone who left is not sent).
 */
export async function activePerson(
  db: Kysely<Tables>,
  id: string,
): Promise<MailPerson | undefined> {
  const row = await db
    .selectFrom('staff_people')
    .select(['id', 'email', 'first_name'])
    .where('id', '=', id)
    .where('active', '=', 1)
    .executeTakeFirst();
  return row ? { id: row.id, email: row.email, firstName: row.first_name } : undefined;
}

/** The active owner of the request `leadId` when its notification is written, if any. */
export async function activeOwner(
  db: Kysely<Tables>,
  leadId: string,
): Promise<MailPerson | undefined> {
  const row = await db
    .selectFrom('leads')
    .innerJoin('staff_people', 'staff_people.id', 'leads.owner_id')
    .select(['staff_people.id', 'staff_people.email', 'staff_people.first_name'])
    .where('leads.id', '=', leadId)
    .where('staff_people.active', '=', 1)
    .executeTakeFirst();
  return row ? { id: row.id, email: row.email, firstName: row.first_name } : undefined;
}

/**
 * The notification's recipients: MAIL_TO (the company's shared box) and the request's owner,
 * once each (an owner whose address is already in MAIL_TO is not added again).
 */
export function withOwner(to: string, owner: MailPerson | undefined): string {
  if (!owner) return to;
  const listed = to
    .split(',')
    .map((address) => address.trim().toLowerCase())
    .filter(Boolean);
  if (listed.includes(owner.email.trim().toLowerCase())) return to;
  return listed.length === 0 ? owner.email : `${to}, ${owner.email}`;
}
