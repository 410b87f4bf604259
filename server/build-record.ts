import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { BUILD_RECORD_FILE, type BuildRecord } from '#config/build-env.ts';
import type { Logger } from './logger.ts';

/**
 * The pages post their form to the BACKEND_URL baked in at build time, and the server's CSP
 * allows only its own BACKEND_URL: if the two differ, the browser silently blocks the form.
 * Returns what to report, or undefined when they agree or the build left no record.
 */
export function backendUrlMismatch(
  staticDir: string,
  serverBackendUrl: string | undefined,
): { built: string | null; server: string | null } | undefined {
  let record: BuildRecord;
  try {
    record = JSON.parse(readFileSync(join(staticDir, BUILD_RECORD_FILE), 'utf8')) as BuildRecord;
  } catch {
    return undefined;
  }
  const normalise = (url: string | null | undefined) => url?.replace(/\/+$/, '') || null;
  const built = normalise(record.backendUrl);
  const server = normalise(serverBackendUrl);
  return built === server ? undefined : { built, server };
}

/** Logs a warning at startup when the site was built for another backend than the server's. */
export function warnOnBackendUrlMismatch(
  staticDir: string,
  serverBackendUrl: string | undefined,
  logger: Logger,
): void {
  const mismatch = backendUrlMismatch(staticDir, serverBackendUrl);
  if (!mismatch) return;
  logger.warn('backend_url_differs_from_build', {
    ...mismatch,
    message:
      'The pages were built with another BACKEND_URL than this server has: the form may be ' +
      'blocked by the Content-Security-Policy. Rebuild, or set the same BACKEND_URL for both.',
  });
}

/**
 * The privacy policy must name the CRM as a recipient when the webhook sends requests to one:
 * logs a warning at startup when WEBHOOK_URL is set but the pages were built without CRM_NAME.
 */
export function warnOnCrmNotInPolicy(
  staticDir: string,
  webhookUrl: string | undefined,
  logger: Logger,
): void {
  if (!webhookUrl) return;
  let record: BuildRecord;
  try {
    record = JSON.parse(readFileSync(join(staticDir, BUILD_RECORD_FILE), 'utf8')) as BuildRecord;
  } catch {
    return;
  }
  if (record.crmName) return;
  logger.warn('crm_missing_from_privacy_policy', {
    message:
      'WEBHOOK_URL sends every request to a CRM, but the pages were built without CRM_NAME: ' +
      'the privacy policy does not name it as a recipient. Set CRM_NAME and rebuild.',
  });
}
