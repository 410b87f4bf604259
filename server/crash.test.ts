import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { createTempDir, validRequest, writeMinimalSite } from '#test-support/harness.ts';
import { exited, waitForServerStarted } from '#test-support/process.ts';
import { startSmtpPeer } from '#test-support/smtp-peer.ts';

/**
 * The real server in a child process, killed with SIGKILL in the middle of a burst of
 * submissions: after a restart, every acknowledged request must be in `leads list --json`
 * and be delivered.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return waitForServerStarted(child, { timeoutMs: 20_000 }).then(({ url }) => ({ child, url }));
}

interface ListedLead {
  id: string;
  delivery: Array<{ kind: string; status: string }>;
}

/** `npm run leads -- list --json`, or the same script without npm (faster, for polling). */
function listLeads(dataDir: string, viaNpm = false): ListedLead[] {
  const [command, args] = viaNpm
    ? ['npm', ['run', '--silent', 'leads', '--', 'list', '--json']]
    : [process.execPath, ['--import', 'tsx', 'server/cli/leads.ts', 'list', '--json']];
  const result = spawnSync(command as string, args as string[], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as ListedLead[];
}

describe('a crash during a burst of submissions', () => {
  it('loses no acknowledged request, and delivers each one after the restart', async () => {
    const root = createTempDir('lead-crash');
    const dataDir = join(root, 'data');
    const staticDir = writeMinimalSite(join(root, 'site'));
    const peer = await startSmtpPeer();
    await peer.stop(); // mail cannot leave before the crash: all of it is sent after the restart
    const env = {
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      SMTP_URL: peer.url,
      RATE_LIMIT_PER_HOUR: '100000',
      // This test counts every notification and every acceptance: the flood budgets raised.
      SITE_RATE_LIMIT_PER_MINUTE: '100000',
      NOTIFICATIONS_PER_10_MINUTES: '100000',
    };

    const first = await startServer(env);
    const endpoint = `${first.url}${CONTACT_ENDPOINT_PATH}`;
    const acknowledged: string[] = [];
    let killed = false;
    const sender = async (worker: number) => {
      for (let i = 0; !killed; i += 1) {
        try {
          const response = await fetch(endpoint, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(validRequest({ email: `w${worker}.${i}@entreprise.example` })),
          });
          if (response.status === 200) {
            acknowledged.push(((await response.json()) as { id: string }).id);
          }
        } catch {
          // The connection died with the server: not acknowledged.
        }
        if (acknowledged.length >= 60 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, worker) => sender(worker)));
    await exited(first.child);
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);

    const stored = new Set(listLeads(dataDir, true).map((lead) => lead.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

    await peer.start();
    const second = await startServer(env);
    const notified = () =>
      new Set(
        peer.messages
          .filter((mail) => mail.headers.get('message-id')?.includes('.notification@'))
          .map((mail) => mail.headers.get('x-lead-id')),
      );
    await peer.waitFor(() => acknowledged.every((id) => notified().has(id)), 30_000);

    const deadline = Date.now() + 20_000;
    let leads = listLeads(dataDir);
    while (leads.some((lead) => lead.delivery.some((mail) => mail.status !== 'sent'))) {
      if (Date.now() > deadline) throw new Error('mail still pending after the restart');
      await new Promise((resolve) => setTimeout(resolve, 200));
      leads = listLeads(dataDir);
    }
    const byId = new Map(leads.map((lead) => [lead.id, lead]));
    for (const id of acknowledged) {
      expect(byId.get(id)?.delivery).toEqual([
        expect.objectContaining({ kind: 'notification', status: 'sent' }),
        expect.objectContaining({ kind: 'confirmation', status: 'sent' }),
      ]);
    }
    // Every stored request (acknowledged or not) was sent exactly once.
    const ids = peer.messages.map((mail) => mail.headers.get('message-id'));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(leads.length * 2);

    second.child.kill('SIGTERM');
    await exited(second.child);
    await peer.stop();
    rmSync(root, { recursive: true, force: true });
  }, 90_000);
});
