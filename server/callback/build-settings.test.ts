import { describe, expect, it } from 'vitest';

import { parseBuildEnv } from '#config/build-env.ts';
import { DEFAULT_CALL_DAYS, DEFAULT_CALL_SLOTS } from '#config/call-settings.ts';
import { parseEnv } from '#server/env.ts';

/**
 * The form offers the days and slots the build read (config/build-env.ts); the server accepts
 * those it reads itself (settings.ts). Both parse WORKING_DAYS and CALL_WINDOWS with the same
 * schemas (config/setting-schemas.ts) and defaults, so a page built with the server's settings
 * offers nothing the server refuses.
 */
describe('the build and the server read the days and slots alike', () => {
  it('with neither set: the same defaults', () => {
    const server = parseEnv({});
    expect([...server.WORKING_DAYS].sort()).toEqual(DEFAULT_CALL_DAYS);
    expect(server.CALL_WINDOWS).toEqual(DEFAULT_CALL_SLOTS);
  });

  it.each([
    { WORKING_DAYS: 'mon-sat', CALL_HOURS: '09:00-12:00', CALL_WINDOWS: '09:00-10:30,10:30-12:00' },
    { WORKING_DAYS: 'MON,wed, fri', CALL_WINDOWS: '14:00-17:00,10:00-13:00' },
    { WORKING_DAYS: 'mon-thu,sat', CALL_WINDOWS: '17:00-20:00' },
  ])('with %o: the same values', (env) => {
    const server = parseEnv(env);
    const build = parseBuildEnv(env);
    expect(build.WORKING_DAYS).toEqual([...server.WORKING_DAYS].sort());
    expect(build.CALL_WINDOWS).toEqual(server.CALL_WINDOWS);
  });
});
