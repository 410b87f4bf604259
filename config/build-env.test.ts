import { describe, expect, it } from 'vitest';

import { BOOLEAN_SPELLINGS } from './boolean-setting.ts';
import { BuildEnvError, buildRecord, parseBuildEnv } from './build-env.ts';

describe('parseBuildEnv', () => {
  it('keeps only the public settings, empty values meaning unset', () => {
    expect(
      parseBuildEnv({
        SITE_URL: 'https://www.example.fr/',
        BACKEND_URL: '',
        CLIENT_PORTAL_URL: 'https://client.example.fr/espace',
        SMTP_URL: 'smtp://user:secret@mail.example.fr',
        PATH: '/usr/bin',
      }),
    ).toEqual({
      SITE_URL: 'https://www.example.fr',
      CLIENT_PORTAL_URL: 'https://client.example.fr/espace',
    });
    expect(parseBuildEnv({})).toEqual({});
  });

  it.each([
    ['true', true],
    ['1', true],
    ['yes', true],
    ['false', false],
    ['0', false],
    ['no', false],
  ])(
    'reads ENABLE_PARTICULIERS_MENU=%s as %s, like the server reads its switches',
    (raw, value) => {
      expect(parseBuildEnv({ ENABLE_PARTICULIERS_MENU: raw }).ENABLE_PARTICULIERS_MENU).toBe(value);
    },
  );

  it('accepts exactly the spellings the server accepts', () => {
    expect([...BOOLEAN_SPELLINGS].sort()).toEqual(['0', '1', 'false', 'no', 'true', 'yes']);
    expect(() => parseBuildEnv({ ENABLE_PARTICULIERS_MENU: 'oui' })).toThrow(
      /ENABLE_PARTICULIERS_MENU:/,
    );
  });

  it('rejects a SITE_URL without scheme with a message naming the variable', () => {
    expect(() => parseBuildEnv({ SITE_URL: 'www.example.fr' })).toThrow(BuildEnvError);
    expect(() => parseBuildEnv({ SITE_URL: 'www.example.fr' })).toThrow(
      /SITE_URL: expected an absolute URL with its scheme, e\.g\. https:\/\/www\.example\.fr/,
    );
    // `example.fr:8080` parses as a URL of scheme "example.fr:": refused as well.
    expect(() => parseBuildEnv({ SITE_URL: 'example.fr:8080' })).toThrow(/SITE_URL:/);
  });

  it.each([
    ['BACKEND_URL', 'ftp://files.example.fr'],
    ['BACKEND_URL', 'api.example.fr'],
    ['CLIENT_PORTAL_URL', '/espace-client'],
  ])('rejects %s=%j', (name, value) => {
    expect(() => parseBuildEnv({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});

describe('buildRecord', () => {
  it('records the baked BACKEND_URL and CRM_NAME, or null when unset', () => {
    expect(
      buildRecord(
        parseBuildEnv({ BACKEND_URL: 'https://x.supabase.co/', CRM_NAME: ' Pipedrive ' }),
      ),
    ).toEqual({ backendUrl: 'https://x.supabase.co', crmName: 'Pipedrive' });
    expect(buildRecord(parseBuildEnv({}))).toEqual({ backendUrl: null, crmName: null });
  });

  it('reads the days and slots the form offers, as the server does, and refuses a wrong one', () => {
    expect(
      parseBuildEnv({ WORKING_DAYS: 'mon-thu,sat', CALL_WINDOWS: '14:00-17:00, 09:30-12:00' }),
    ).toEqual({
      WORKING_DAYS: [1, 2, 3, 4, 6],
      CALL_WINDOWS: [
        { start: 570, end: 720 },
        { start: 840, end: 1020 },
      ],
    });
    expect(() => parseBuildEnv({ WORKING_DAYS: 'lundi-vendredi' })).toThrow(/WORKING_DAYS:/);
    expect(() => parseBuildEnv({ CALL_WINDOWS: '10:00-13:00,12:00-14:00' })).toThrow(
      /CALL_WINDOWS:/,
    );
    expect(() => parseBuildEnv({ CALL_WINDOWS: '14h-17h' })).toThrow(/CALL_WINDOWS:/);
  });
});
