/**
 * The staff CLI's team commands (`npm run leads -- staff …`, ADR 0044) and `sign-in-link`: the
 * same service and rules as the team page, acting as `operator` in the audit trail. STAFF_EMAILS
 * is applied first, as the server does at start (each listed address an active responsable).
 */
import type { TeamPerson } from '#contracts/staff/team.ts';
import { TEAM_ROLES, type TeamRole } from '#contracts/staff/statuses.ts';
import type { Database } from '#server/db/database.ts';
import { issueSignInLink, SessionStore } from '#server/staff/index.ts';
import { TEAM_REFUSALS, type TeamOutcome, TeamService } from '#server/team/index.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export const STAFF_USAGE = `  staff list       list the team: e-mail, role, active or not, name
  staff add <email> <responsable|commercial> <prénom> <nom…>
  staff role <email> <responsable|commercial>
  staff deactivate <email> [<colleague's email>]
                   (ends every session of theirs at once; their open requests go to the
                   colleague, or back to the assignment rule)
  staff reactivate <email>`;

const ACTOR = 'operator';

function isRole(value: string | undefined): value is TeamRole {
  return (TEAM_ROLES as readonly string[]).includes(value ?? '');
}

function peopleTable(people: readonly TeamPerson[]): string {
  if (people.length === 0) return 'Nobody in the team.\n';
  return people
    .map((p) =>
      [p.email, p.role, p.active ? 'active' : 'inactive', `${p.firstName} ${p.lastName}`.trim()]
        .join('\t')
        .concat('\n'),
    )
    .join('');
}

function outcome(result: TeamOutcome): CliResult {
  if (!result.ok) return { code: 1, stdout: '', stderr: `${TEAM_REFUSALS[result.reason]}\n` };
  return { code: 0, stdout: peopleTable([result.person]), stderr: '' };
}

async function seeded(database: Database, staffEmails: readonly string[], now: number) {
  const team = new TeamService(database);
  await team.ensureResponsables(staffEmails, now);
  return team;
}

/** `staff <sub-command> …`; undefined when the arguments are wrong (the caller prints usage). */
export async function runStaffCommand(
  database: Database,
  args: readonly string[],
  staffEmails: readonly string[],
  now: number,
): Promise<CliResult | undefined> {
  const [sub, email, ...rest] = args;
  const team = await seeded(database, staffEmails, now);
  if (sub === 'list' && args.length === 1) {
    return { code: 0, stdout: peopleTable(await team.list()), stderr: '' };
  }
  if (!email) return undefined;
  if (sub === 'add') {
    const [role, firstName, ...last] = rest;
    if (!isRole(role) || !firstName || last.length === 0) return undefined;
    const person = { email, role, firstName, lastName: last.join(' ') };
    return outcome(await team.add(person, ACTOR, now));
  }
  const people = await team.list();
  const idOf = (address: string) =>
    people.find((p) => p.email.toLowerCase() === address.toLowerCase())?.id ?? '';
  const id = idOf(email);
  if (sub === 'role' && rest.length === 1 && isRole(rest[0])) {
    return outcome(await team.changeRole(id, rest[0], ACTOR, now));
  }
  if (sub === 'deactivate' && rest.length <= 1) {
    const reprise = rest[0] === undefined ? { rule: true as const } : { personId: idOf(rest[0]) };
    const result = outcome(await team.deactivate(id, ACTOR, now, reprise));
    const listed = staffEmails.some(
      (listed) => listed.trim().toLowerCase() === email.toLowerCase(),
    );
    if (result.code !== 0 || !listed) return result;
    return {
      ...result,
      stderr: `${email} is in STAFF_EMAILS: remove it there too, or it is an active responsable again at the next start.\n`,
    };
  }
  if (rest.length > 0) return undefined;
  if (sub === 'reactivate') return outcome(await team.reactivate(id, ACTOR, now));
  return undefined;
}

/** `sign-in-link <email>`: a link only for an active person of the team. */
export async function signInLinkCommand(
  database: Database,
  email: string,
  staff: { staffEmails: readonly string[]; siteUrl: string },
  now: number,
): Promise<CliResult> {
  const team = await seeded(database, staff.staffEmails, now);
  if (!(await team.activePerson(email))) {
    return {
      code: 1,
      stdout: '',
      stderr: `${email} is not an active person of the team: add it with \`staff add\` (or to STAFF_EMAILS) first.\n`,
    };
  }
  const link = await issueSignInLink(new SessionStore(database), staff.siteUrl, email.trim(), now);
  return {
    code: 0,
    stdout: `${link}\n`,
    stderr: 'Valid for 15 minutes, once. Open it in the browser of the person it is for.\n',
  };
}
