import type { DigestItem, DigestPerson, TeamOverdue } from './digest-store.ts';
import type { DueLead } from './service.ts';

/**
 * Each person's morning digest (ADR 0048), from the requests due by the digest's bound, decided
 * at `decidedAt`: their own requests, then the unassigned ones (`mine` says which); a
 * responsable's also counts the overdue requests of each person (most first), their own
 * included. The requests of other people are not listed.
 */
export function personalDigest(
  person: DigestPerson,
  due: readonly DueLead[],
  decidedAt: number,
): { items: DigestItem[]; team: TeamOverdue[] | null } {
  const line = (lead: DueLead, mine: boolean): DigestItem => ({
    id: lead.id,
    dueAt: lead.dueAt,
    mine,
  });
  const items = [
    ...due.filter((lead) => lead.ownerId === person.id).map((lead) => line(lead, true)),
    ...due.filter((lead) => lead.ownerId === null).map((lead) => line(lead, false)),
  ];
  if (person.role !== 'responsable') return { items, team: null };
  const overdue = new Map<string, number>();
  for (const lead of due) {
    if (lead.ownerId === null || lead.dueAt >= decidedAt) continue;
    overdue.set(lead.ownerId, (overdue.get(lead.ownerId) ?? 0) + 1);
  }
  const team = [...overdue]
    .map(([personId, count]) => ({ personId, count }))
    .sort((a, b) => b.count - a.count || a.personId.localeCompare(b.personId));
  return { items, team };
}
