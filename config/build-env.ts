/**
 * Deployment settings that the static pages need. They are read from the build machine's
 * environment and baked into the client bundle by Vite (`__BUILD_ENV__`); the server and the
 * tests read the same names from `process.env`. Only public values belong here: never a secret.
 */
export const PUBLIC_SETTING_NAMES = [
  'SITE_URL',
  'BACKEND_URL',
  'BACKEND_ANON_KEY',
  'CLIENT_PORTAL_URL',
  'ENABLE_PARTICULIERS_MENU',
] as const;

export type PublicSettingName = (typeof PUBLIC_SETTING_NAMES)[number];
export type PublicSettings = Partial<Record<PublicSettingName, string>>;

export function publicBuildEnv(env: Record<string, string | undefined>): PublicSettings {
  const picked: PublicSettings = {};
  for (const name of PUBLIC_SETTING_NAMES) {
    const value = env[name];
    if (value !== undefined && value !== '') picked[name] = value;
  }
  return picked;
}
