/**
 * Staff tool: `npm run leads -- <command>`.
 *   list [--json]    requests, newest first, with the delivery status of their e-mails
 *   export --csv     every request as CSV for a French spreadsheet, every column (the inbox's
 *                    « Toutes les demandes », « Toutes les colonnes »)
 *   forget <email>   erase every record of one person (GDPR erasure request)
 *   purge            delete what is past the retention periods of the privacy policy
 *   sign-in-link <email>  print a staff sign-in link (15 min, single use) for a listed address
 *   copy-to-postgres copy the SQLite file of DATA_DIR into the PostgreSQL of DATABASE_URL
 *   due              the requests overdue or due today (the morning digest's list)
 *   webhook-secret   print a new WEBHOOK_SECRET (Standard Webhooks format)
 * Reads DATABASE_URL and DATA_DIR like the server: PostgreSQL when DATABASE_URL is set, else the
 * SQLite file under DATA_DIR (default ./data). Imports no HTTP code.
 */
import {
  calendarFromEnv,
  CallbackStore,
  DEFAULT_CALENDAR,
  type CallbackCalendar,
} from '#server/callback/index.ts';
import { StoreOpenError, type StoreConfig } from '#server/db/connection.ts';
import { copyStore, type CopyCounts } from '#server/db/copy.ts';
import type { Database } from '#server/db/database.ts';
import { openDatabase } from '#server/db/open.ts';
import { InboxStore } from '#server/inbox/index.ts';
import { EnvError, parseEnv, publicSiteUrl, resolveFromCwd } from '#server/env.ts';
import { dueList, everyRequest } from './due.ts';
import { type CliResult, runStaffCommand, signInLinkCommand, STAFF_USAGE } from './staff.ts';
import { siteConfig } from '#config/site.ts';
import {
  deliverySummary,
  LeadStore,
  requestsCsv,
  type LeadWithDelivery,
} from '#server/leads/index.ts';
import { clearErasedTraces, RetentionStore, runPurge } from '#server/retention/index.ts';
import { newWebhookSecret, webhookConfigFromEnv } from '#server/webhooks/index.ts';

const USAGE = `usage: npm run leads -- <command>
  list [--json]    list requests, newest first, with delivery status
  export --csv     write every request as CSV, every column (UTF-8 with BOM, ';' separator,
                   French headers, times in the company's time zone, calls) to stdout
  forget <email>   erase every record of this person
  purge            delete requests past the retention period (3 years after last contact)
  sign-in-link <email>
                   print a sign-in link to the staff inbox (valid 15 minutes, once) for an
                   active person of the team (STAFF_EMAILS are active responsables)
${STAFF_USAGE}
  copy-to-postgres copy every request and e-mail from the SQLite file of DATA_DIR into the
                   PostgreSQL database of DATABASE_URL (idempotent; pending mail stays pending)
  due              list the requests not yet called back that are overdue or due today,
                   soonest first (the morning digest's list)
  webhook-secret   print a new secret for WEBHOOK_SECRET (whsec_ + 32 random bytes, base64)`;

function listTable(leads: readonly LeadWithDelivery[]): string {
  if (leads.length === 0) return 'No requests.\n';
  const rows = leads.map((lead) => [
    new Date(lead.createdAt).toISOString().replace('T', ' ').slice(0, 19),
    lead.id,
    `${lead.prenom} ${lead.nom}`,
    lead.email,
    lead.telephone,
    lead.produit || '-',
    deliverySummary(lead),
  ]);
  const header = ['date (UTC)', 'id', 'name', 'email', 'phone', 'product', 'delivery'];
  const widths = header.map((title, index) =>
    Math.max(title.length, ...rows.map((row) => (row[index] ?? '').length)),
  );
  const format = (row: string[]) =>
    row
      .map((cell, index) => cell.padEnd(widths[index] ?? 0))
      .join('  ')
      .trimEnd();
  return `${[format(header), ...rows.map(format)].join('\n')}\n`;
}

export function formatCopyCounts(counts: CopyCounts): string {
  return (
    `Leads: ${counts.leads.source} in SQLite, ${counts.leads.copied} copied, ` +
    `${counts.leads.alreadyThere} already in PostgreSQL.\n` +
    `E-mails: ${counts.outbox.source} in SQLite (${counts.outbox.pending} pending), ` +
    `${counts.outbox.copied} copied, ${counts.outbox.alreadyThere} already in PostgreSQL.\n`
  );
}

async function copyToPostgres(config: StoreConfig, rest: readonly string[]): Promise<CliResult> {
  if (!config.databaseUrl) {
    return {
      code: 2,
      stdout: '',
      stderr: 'copy-to-postgres needs DATABASE_URL (the PostgreSQL database to fill).\n',
    };
  }
  if (rest.length > 0) {
    return { code: 2, stdout: '', stderr: `copy-to-postgres takes no argument\n${USAGE}\n` };
  }
  const source = await openDatabase({ dataDir: config.dataDir });
  try {
    const target = await openDatabase(config);
    try {
      const counts = await copyStore(source.db, target);
      return {
        code: 0,
        stdout: `Copied ${source.location} into ${target.location}.\n${formatCopyCounts(counts)}`,
        stderr: '',
      };
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

/** What `sign-in-link` needs besides the store: who is staff, and the site's URL. */
export interface StaffSettings {
  staffEmails: readonly string[];
  siteUrl: string;
  /** The call-back clock's calendar (`due`); default: the default settings. */
  calendar?: CallbackCalendar;
  /** The time `due` reasons about; default: the system clock. */
  now?: () => number;
}

export async function runLeadsCommand(
  args: readonly string[],
  config: StoreConfig,
  staff: StaffSettings = { staffEmails: [], siteUrl: siteConfig.siteUrl },
): Promise<CliResult> {
  const [command, ...rest] = args;
  const usage = (message?: string): CliResult => ({
    code: 2,
    stdout: '',
    stderr: `${message ? `${message}\n` : ''}${USAGE}\n`,
  });
  const commands = [
    'list',
    'export',
    'forget',
    'purge',
    'copy-to-postgres',
    'sign-in-link',
    'staff',
    'due',
    'webhook-secret',
  ];
  if (!command || !commands.includes(command)) {
    return usage(command ? `unknown command: ${command}` : undefined);
  }
  if (command === 'webhook-secret') {
    if (rest.length > 0) return usage('webhook-secret takes no argument');
    return {
      code: 0,
      stdout: `${newWebhookSecret()}\n`,
      stderr: 'Set it as WEBHOOK_SECRET on the server and give it to the receiver (the CRM).\n',
    };
  }
  if (command === 'copy-to-postgres') return copyToPostgres(config, rest);
  if (command === 'sign-in-link') {
    const email = rest[0];
    if (rest.length !== 1 || !email) return usage('sign-in-link needs one e-mail address');
    const database = await openDatabase(config);
    try {
      return await signInLinkCommand(database, email, staff, (staff.now ?? Date.now)());
    } finally {
      await database.close();
    }
  }
  if (command === 'staff') {
    const database = await openDatabase(config);
    try {
      const now = (staff.now ?? Date.now)();
      const result = await runStaffCommand(database, rest, staff.staffEmails, now);
      return result ?? usage('staff: see the usage below');
    } finally {
      await database.close();
    }
  }
  const database = await openDatabase(config);
  try {
    return await runWithDatabase(database, command, rest, staff, usage);
  } finally {
    await database.close();
  }
}

/** What the call-back clock reads, on the CLI's database. */
function clockStores(database: Database) {
  return {
    inbox: new InboxStore(database),
    callback: new CallbackStore(database),
    leads: new LeadStore(database),
  };
}

async function runWithDatabase(
  database: Database,
  command: string,
  rest: readonly string[],
  staff: StaffSettings,
  usage: (message?: string) => CliResult,
): Promise<CliResult> {
  switch (command) {
    case 'list': {
      if (rest.some((arg) => arg !== '--json')) return usage('list takes only --json');
      const leads = await new LeadStore(database).listLeads();
      const stdout = rest.includes('--json')
        ? `${JSON.stringify(leads, null, 2)}\n`
        : listTable(leads);
      return { code: 0, stdout, stderr: '' };
    }
    case 'export': {
      if (rest.length !== 1 || rest[0] !== '--csv') return usage('export needs --csv');
      const calendar = staff.calendar ?? DEFAULT_CALENDAR;
      const rows = await everyRequest(clockStores(database), calendar, staff.now ?? Date.now);
      const csv = requestsCsv(rows, { timeZone: calendar.timeZone, columns: 'toutes' });
      return { code: 0, stdout: csv, stderr: '' };
    }
    case 'due': {
      if (rest.length > 0) return usage('due takes no argument');
      const now = (staff.now ?? Date.now)();
      const calendar = staff.calendar ?? DEFAULT_CALENDAR;
      const stdout = await dueList(clockStores(database), calendar, now, staff.siteUrl);
      return { code: 0, stdout, stderr: '' };
    }
    case 'forget': {
      const email = rest[0];
      if (rest.length !== 1 || !email || !email.includes('@')) {
        return usage('forget needs one e-mail address');
      }
      const ids = await new RetentionStore(database).forget(email);
      const traces = await clearErasedTraces(database, ids);
      const stderr = traces.failed
        ? 'Could not clear every trace on disk (mail files or database); run purge again.\n'
        : '';
      return { code: 0, stdout: `Erased ${ids.length} request(s).\n`, stderr };
    }
    default: {
      if (rest.length > 0) return usage('purge takes no argument');
      const result = await runPurge(database);
      return {
        code: 0,
        stdout: `Purged ${result.leads} request(s) past retention and ${result.rateLimitHits} expired rate-limit record(s).\n`,
        stderr: '',
      };
    }
  }
}

async function main() {
  let config: StoreConfig;
  let staff: StaffSettings;
  try {
    const env = parseEnv(process.env);
    config = {
      dataDir: resolveFromCwd(env.DATA_DIR),
      databaseUrl: env.DATABASE_URL,
      // An erasure from here tells the CRM too (`lead.erased`), as one from the inbox does.
      webhookEvents: webhookConfigFromEnv(env) !== undefined,
    };
    staff = {
      staffEmails: env.STAFF_EMAILS,
      siteUrl: publicSiteUrl(env),
      calendar: calendarFromEnv(env),
    };
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  let result: CliResult;
  try {
    result = await runLeadsCommand(process.argv.slice(2), config, staff);
  } catch (error) {
    if (!(error instanceof StoreOpenError)) throw error;
    result = { code: 1, stdout: '', stderr: `${error.message}\n` };
  }
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.code;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) void main();
