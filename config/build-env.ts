/**
 * Deployment settings that the static pages need. They are read from the build machine's
 * environment, validated here (a wrong value fails the build with a message naming the variable)
 * and baked into the client bundle by Vite (`__BUILD_ENV__`); the server and the tests read the
 * same names from `process.env` (config/site.ts). Only public values belong here: never a secret.
 *
 * Imported by the build only (vite.config.ts, scripts/postbuild.ts): config/site.ts takes the
 * type alone, so Zod stays out of the pages' scripts.
 */
import { z } from 'zod';

import {
  booleanSetting,
  callWindowsSetting,
  httpUrlSetting,
  workingDaysSetting,
} from './setting-schemas.ts';

const BuildEnvSchema = z.object({
  /** Public URL of the site: canonical URLs, Open Graph, sitemap, JSON-LD. */
  SITE_URL: httpUrlSetting.optional(),
  /** Where the form posts; unset means the site's own origin. */
  BACKEND_URL: httpUrlSetting.optional(),
  /** Public anonymous key of a hosted backend (public by design). */
  BACKEND_ANON_KEY: z.string().trim().min(1).optional(),
  /** Target of 'Espace Client'; unset renders the button disabled. */
  CLIENT_PORTAL_URL: httpUrlSetting.optional(),
  ENABLE_PARTICULIERS_MENU: booleanSetting.optional(),
  /**
   * The CRM the server's webhook (WEBHOOK_URL) sends requests to, named as a recipient in the
   * privacy policy; unset: the policy names none.
   */
  CRM_NAME: z.string().trim().min(1).max(80).optional(),
  /**
   * The days and slots the contact form offers under « Quand vous appeler ? »: the server's own
   * settings, parsed by the same schemas (setting-schemas.ts), so the prerendered form offers
   * what the server accepts. Unset: the server's defaults (call-settings.ts).
   */
  WORKING_DAYS: workingDaysSetting.optional(),
  CALL_WINDOWS: callWindowsSetting.optional(),
});

export type PublicSettings = z.output<typeof BuildEnvSchema>;
export type PublicSettingName = keyof PublicSettings;

export const PUBLIC_SETTING_NAMES = Object.keys(BuildEnvSchema.shape) as PublicSettingName[];

export class BuildEnvError extends Error {}

/**
 * The public settings from an environment, validated. Other variables are ignored and an empty
 * value means "not set", as for the server's settings.
 */
export function parseBuildEnv(source: Record<string, string | undefined>): PublicSettings {
  const picked = Object.fromEntries(
    PUBLIC_SETTING_NAMES.map((name) => [name, source[name]]).filter(
      ([, value]) => value !== undefined && value !== '',
    ),
  );
  const result = BuildEnvSchema.safeParse(picked);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new BuildEnvError(`Invalid build settings (see docs/settings.md):\n${lines.join('\n')}`);
  }
  return result.data;
}

/** What the build records next to the site, so the server can tell what the pages expect. */
export interface BuildRecord {
  /** The BACKEND_URL baked into the pages; null when they post to their own origin. */
  backendUrl: string | null;
  /** The CRM the privacy policy names (CRM_NAME); null when it names none. */
  crmName?: string | null;
}

export const BUILD_RECORD_FILE = 'build-settings.json';

export function buildRecord(settings: PublicSettings): BuildRecord {
  return { backendUrl: settings.BACKEND_URL ?? null, crmName: settings.CRM_NAME ?? null };
}
