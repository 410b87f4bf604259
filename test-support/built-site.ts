import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { PROJECT_ROOT, startServerProcess, type ServerProcess } from './process.ts';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer.ts';

/**
 * The built site (`npm run build`) served by the compiled server as a child process, as the
 * browser tests run it (playwright.config.ts): its own address as SITE_URL, a fresh data folder,
 * the flood budgets raised, e-mail to an SMTP peer of the test. For the checks that need the
 * real pages but no browser: the served HTML, headers, the sitemap, the endpoint's answers.
 */
export interface BuiltSite {
  server: ServerProcess;
  peer: SmtpPeer;
  /** GET (or `init`) of `path` on the server, redirects not followed. */
  get(path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

export const BUILT_CLIENT = join(PROJECT_ROOT, 'build', 'client');

export async function startBuiltSite(): Promise<BuiltSite> {
  for (const file of ['build/client/index.html', 'build/server/main.js']) {
    if (!existsSync(join(PROJECT_ROOT, file))) {
      throw new Error(
        `${file} is missing: these tests check the built site, run "npm run build" first`,
      );
    }
  }
  const peer = await startSmtpPeer();
  try {
    const server = await startServerProcess(
      {
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_HOUR: '1000',
        SITE_RATE_LIMIT_PER_MINUTE: '100000',
        NOTIFICATIONS_PER_10_MINUTES: '100000',
        SMTP_URL: peer.url,
      },
      { from: 'build' },
    );
    return {
      server,
      peer,
      get: (path, init = {}) => fetch(`${server.url}${path}`, { redirect: 'manual', ...init }),
      stop: async () => {
        await server.stop();
        await peer.stop();
      },
    };
  } catch (error) {
    await peer.stop();
    throw error;
  }
}
