/**
 * The spellings a yes/no setting accepts, the same for the server's settings (server/env.ts) and
 * the build's (config/build-env.ts). Free of dependencies, so that config/site.ts can read a
 * setting the same way under Node without bringing a schema library into the pages' scripts.
 */
export const BOOLEAN_SPELLINGS = ['true', 'false', '1', '0', 'yes', 'no'] as const;

export type BooleanSpelling = (typeof BOOLEAN_SPELLINGS)[number];

export function isBooleanSpelling(value: string): value is BooleanSpelling {
  return (BOOLEAN_SPELLINGS as readonly string[]).includes(value);
}

export function booleanFromSpelling(value: BooleanSpelling): boolean {
  return value === 'true' || value === '1' || value === 'yes';
}
