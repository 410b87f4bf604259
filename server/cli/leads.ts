/**
 * Staff tool: `npm run leads -- <command>`.
 *   list [--json]    requests, newest first, with the delivery status of their e-mails
 *   export --csv     every request as CSV (UTF-8 with BOM, for Excel), to stdout
 *   forget <email>   erase every record of one person (GDPR erasure request)
 *   purge            delete what is past the retention periods of the privacy policy
 *   copy-to-postgres copy the SQLite file of DATA_DIR into the PostgreSQL of DATABASE_URL
 * Reads DATABASE_URL and DATA_DIR like the server: PostgreSQL when DATABASE_URL is set, else the
 * SQLite file under DATA_DIR (default ./data). Imports no HTTP code.
 */
import { LEAD_FIELDS, type LeadField } from '../../contact/lead-contract';
import { EnvError, parseEnv, resolveFromCwd } from '../env';
import { removeMailFiles, runPurge } from '../retention';
import {
  LeadStore,
  StoreOpenError,
  type CopyCounts,
  type LeadWithDelivery,
  type StoreConfig,
} from '../store';

const USAGE = `usage: npm run leads -- <command>
  list [--json]    list requests, newest first, with delivery status
  export --csv     write every request as CSV (UTF-8 with BOM) to stdout
  forget <email>   erase every record of this person
  purge            delete requests past the retention period (3 years after last contact)
  copy-to-postgres copy every request and e-mail from the SQLite file of DATA_DIR into the
                   PostgreSQL database of DATABASE_URL (idempotent; pending mail stays pending)`;

/** CSV header of a lead field: its contract name, in snake case (`clientType` → `type_client`). */
const CSV_NAMES: Partial<Record<LeadField, string>> = { clientType: 'type_client' };

const CSV_COLUMNS: ReadonlyArray<[string, (lead: LeadWithDelivery) => string]> = [
  ['id', (lead) => lead.id],
  ['date', (lead) => new Date(lead.createdAt).toISOString()],
  ...LEAD_FIELDS.map((field): [string, (lead: LeadWithDelivery) => string] => [
    CSV_NAMES[field] ?? field,
    (lead) => lead[field],
  ]),
  ['consentement_date', (lead) => new Date(lead.consent.givenAt).toISOString()],
  ['consentement_version', (lead) => lead.consent.version],
  ['consentement_texte', (lead) => lead.consent.text],
  ['envoi', (lead) => deliverySummary(lead)],
];

export function deliverySummary(lead: LeadWithDelivery): string {
  // A withheld e-mail says why: `confirmation:withheld(confirmation-recent)`.
  return lead.delivery
    .map(
      (mail) =>
        `${mail.kind}:${mail.status}${mail.withheldReason ? `(${mail.withheldReason})` : ''}`,
    )
    .join(' ');
}

/**
 * One CSV cell: quoted, and neutralised when a spreadsheet would read it as a formula (a cell
 * starting with = + - @, a tab or a carriage return gets a leading apostrophe).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(leads: readonly LeadWithDelivery[]): string {
  const lines = [
    CSV_COLUMNS.map(([name]) => csvCell(name)).join(','),
    ...leads.map((lead) => CSV_COLUMNS.map(([, read]) => csvCell(read(lead))).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

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

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
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
  const source = await LeadStore.open({ dataDir: config.dataDir });
  try {
    const target = await LeadStore.open(config);
    try {
      const counts = await LeadStore.copy(source, target);
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

export async function runLeadsCommand(
  args: readonly string[],
  config: StoreConfig,
): Promise<CliResult> {
  const [command, ...rest] = args;
  const usage = (message?: string): CliResult => ({
    code: 2,
    stdout: '',
    stderr: `${message ? `${message}\n` : ''}${USAGE}\n`,
  });
  if (!command || !['list', 'export', 'forget', 'purge', 'copy-to-postgres'].includes(command)) {
    return usage(command ? `unknown command: ${command}` : undefined);
  }
  if (command === 'copy-to-postgres') return copyToPostgres(config, rest);
  const store = await LeadStore.open(config);
  try {
    switch (command) {
      case 'list': {
        if (rest.some((arg) => arg !== '--json')) return usage('list takes only --json');
        const leads = await store.listLeads();
        const stdout = rest.includes('--json')
          ? `${JSON.stringify(leads, null, 2)}\n`
          : listTable(leads);
        return { code: 0, stdout, stderr: '' };
      }
      case 'export': {
        if (rest.length !== 1 || rest[0] !== '--csv') return usage('export needs --csv');
        return { code: 0, stdout: toCsv(await store.listLeads()), stderr: '' };
      }
      case 'forget': {
        const email = rest[0];
        if (rest.length !== 1 || !email || !email.includes('@')) {
          return usage('forget needs one e-mail address');
        }
        const ids = await store.forget(email);
        removeMailFiles(store.dataDir, ids);
        return { code: 0, stdout: `Erased ${ids.length} request(s).\n`, stderr: '' };
      }
      default: {
        if (rest.length > 0) return usage('purge takes no argument');
        const result = await runPurge(store);
        return {
          code: 0,
          stdout: `Purged ${result.leads} request(s) past retention and ${result.rateLimitHits} expired rate-limit record(s).\n`,
          stderr: '',
        };
      }
    }
  } finally {
    await store.close();
  }
}

async function main() {
  let config: StoreConfig;
  try {
    const env = parseEnv(process.env);
    config = { dataDir: resolveFromCwd(env.DATA_DIR), databaseUrl: env.DATABASE_URL };
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  let result: CliResult;
  try {
    result = await runLeadsCommand(process.argv.slice(2), config);
  } catch (error) {
    if (!(error instanceof StoreOpenError)) throw error;
    result = { code: 1, stdout: '', stderr: `${error.message}\n` };
  }
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.code;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) void main();
