import { formatDueTime } from '#contracts/staff/callback-format.ts';
import { dueWorkOf } from '#contracts/staff/labels.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import type { MailMessage, MailSettings } from '#server/outbox/index.ts';
import { choiceLine, digestCopy } from './digest-copy.ts';
import type { DigestContent, DigestItem, UncalledLead } from './digest-store.ts';

type Line = DigestItem & UncalledLead;

/** The digest's groups of lines: a person's own then the unassigned (ADR 0048), or the shared. */
function groupsOf(items: readonly Line[], decidedAt: number, personal: boolean) {
  const copy = digestCopy;
  const overdue = (item: Line) => item.dueAt < decidedAt;
  const mine = personal ? items.filter((item) => item.mine) : items;
  const unassigned = personal ? items.filter((item) => !item.mine) : [];
  return [
    { title: personal ? copy.mineOverdueTitle : copy.overdueTitle, list: mine.filter(overdue) },
    {
      title: personal ? copy.mineTodayTitle : copy.dueTodayTitle,
      list: mine.filter((item) => !overdue(item)),
    },
    { title: copy.unassignedTitle, list: unassigned },
  ].filter((group) => group.list.length > 0);
}

/** The text and HTML of a responsable's overdue counts per person (empty otherwise). */
function teamParts(team: DigestContent['team']): { text: string[]; html: string } {
  if (!team || team.length === 0) return { text: [], html: '' };
  const copy = digestCopy;
  return {
    text: [copy.teamTitle, ...team.map((line) => `- ${copy.teamLine(line.name, line.count)}`), ''],
    html: `<h2 style="font-size:16px;">${escapeHtml(copy.teamTitle)}</h2>
<ul>
${team.map((line) => `<li>${escapeHtml(copy.teamLine(line.name, line.count))}</li>`).join('\n')}
</ul>
`,
  };
}

/**
 * The morning digest: the requests overdue and those due that day, soonest first (the oldest
 * first among those due at the same time), each with its first name, product, due time
 * (« à rappeler avant … », « à répondre avant … » for the e-mail only), how the person asked to
 * be contacted (ADR 0029) and a link to its page in the staff inbox. A person's (ADR 0048): their
 * own, then the unassigned, and for a responsable the overdue count per person. Nothing else of
 * the person who asked (no phone, no e-mail address) leaves in it.
 */
export function buildDigest(
  facts: DigestContent & {
    /** When the digest was decided: what was due before it is overdue. */
    decidedAt: number;
    siteUrl: string;
    timeZone: string;
    promiseHours: number;
  },
  settings: MailSettings,
  messageId: string,
): MailMessage {
  const copy = digestCopy;
  // Requests due at the same time: the oldest first, as in the inbox.
  const items = [...facts.items].sort((a, b) => a.dueAt - b.dueAt || a.createdAt - b.createdAt);
  const groups = groupsOf(items, facts.decidedAt, facts.person !== undefined);
  const team = teamParts(facts.team);
  const base = facts.siteUrl.replace(/\/+$/, '');
  const link = (item: DigestItem) => `${base}/equipe/demandes/${encodeURIComponent(item.id)}`;
  const line = (item: Line) =>
    copy.line(
      item.prenom,
      item.produit || copy.noProduct,
      `${copy.dueBefore[dueWorkOf(item.choice.channel)]} ${formatDueTime(item.dueAt, facts.timeZone)}`,
      choiceLine(item.choice),
    );
  const empty = groups.length === 0 && team.text.length === 0;
  const greeting = facts.person ? [copy.greeting(facts.person.firstName), ''] : [];
  const text = [
    ...greeting,
    copy.heading,
    '',
    copy.intro(facts.promiseHours),
    '',
    ...(empty ? [copy.erased, ''] : []),
    ...groups.flatMap((group) => [
      `${group.title} (${group.list.length})`,
      ...group.list.flatMap((item) => [`- ${line(item)}`, `  ${link(item)}`]),
      '',
    ]),
    ...team.text,
    copy.footer,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>${escapeHtml(copy.heading)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #0f172a; line-height: 1.5;">
${facts.person ? `<p>${escapeHtml(copy.greeting(facts.person.firstName))}</p>\n` : ''}<h1 style="font-size:20px;">${escapeHtml(copy.heading)}</h1>
<p>${escapeHtml(copy.intro(facts.promiseHours))}</p>
${empty ? `<p>${escapeHtml(copy.erased)}</p>` : ''}
${groups
  .map(
    (group) => `<h2 style="font-size:16px;">${escapeHtml(group.title)} (${group.list.length})</h2>
<ul>
${group.list
  .map(
    (item) =>
      `<li>${escapeHtml(line(item))} – <a href="${escapeHtml(link(item))}">${escapeHtml(copy.open)}</a></li>`,
  )
  .join('\n')}
</ul>`,
  )
  .join('\n')}
${team.html}<p style="color:#475569;">${escapeHtml(copy.footer)}</p>
</body>
</html>
`;
  const overdue = items.filter((item) => item.dueAt < facts.decidedAt).length;
  return {
    from: settings.from,
    to: facts.person?.email ?? settings.to,
    subject: copy.subject(overdue, items.length - overdue),
    text,
    html,
    messageId,
    headers: { 'Auto-Submitted': 'auto-generated' },
    leadIds: items.map((item) => item.id),
  };
}
