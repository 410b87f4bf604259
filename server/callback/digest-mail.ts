import { formatDueTime } from '#contracts/staff/callback-format.ts';
import { dueWorkOf } from '#contracts/staff/labels.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import type { MailMessage, MailSettings } from '#server/outbox/index.ts';
import { choiceLine, digestCopy } from './digest-copy.ts';
import type { DigestItem, UncalledLead } from './store.ts';

/**
 * The morning digest: the requests overdue and those due that day, soonest first (the oldest
 * first among those due at the same time), each with its first name, product, due time
 * (« à rappeler avant … », « à répondre avant … » for the e-mail only), how the person asked to
 * be contacted (ADR 0029) and a link to its page in the staff inbox. Nothing else of the person
 * (no phone, no e-mail address) leaves in it.
 */
export function buildDigest(
  facts: {
    items: ReadonlyArray<DigestItem & UncalledLead>;
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
  const overdue = items.filter((item) => item.dueAt < facts.decidedAt);
  const dueToday = items.filter((item) => item.dueAt >= facts.decidedAt);
  const base = facts.siteUrl.replace(/\/+$/, '');
  const link = (item: DigestItem) => `${base}/equipe/demandes/${encodeURIComponent(item.id)}`;
  const line = (item: DigestItem & UncalledLead) =>
    copy.line(
      item.prenom,
      item.produit || copy.noProduct,
      `${copy.dueBefore[dueWorkOf(item.choice.channel)]} ${formatDueTime(item.dueAt, facts.timeZone)}`,
      choiceLine(item.choice),
    );
  const groups = [
    { title: copy.overdueTitle, list: overdue },
    { title: copy.dueTodayTitle, list: dueToday },
  ].filter((group) => group.list.length > 0);

  const text = [
    copy.heading,
    '',
    copy.intro(facts.promiseHours),
    '',
    ...(groups.length === 0 ? [copy.erased, ''] : []),
    ...groups.flatMap((group) => [
      `${group.title} (${group.list.length})`,
      ...group.list.flatMap((item) => [`- ${line(item)}`, `  ${link(item)}`]),
      '',
    ]),
    copy.footer,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>${escapeHtml(copy.heading)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #0f172a; line-height: 1.5;">
<h1 style="font-size:20px;">${escapeHtml(copy.heading)}</h1>
<p>${escapeHtml(copy.intro(facts.promiseHours))}</p>
${groups.length === 0 ? `<p>${escapeHtml(copy.erased)}</p>` : ''}
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
<p style="color:#475569;">${escapeHtml(copy.footer)}</p>
</body>
</html>
`;
  return {
    from: settings.from,
    to: settings.to,
    subject: copy.subject(overdue.length, dueToday.length),
    text,
    html,
    messageId,
    headers: { 'Auto-Submitted': 'auto-generated' },
    leadIds: items.map((item) => item.id),
  };
}
