import { describe, expect, it } from 'vitest';

import { siteConfig } from '#config/site.ts';
import { allowedOrigins, EnvError, parseEnv, publicSiteUrl } from './env.ts';

describe('parseEnv', () => {
  it('has working defaults for everything', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: 'data',
      MAIL_TO: siteConfig.email,
      MAIL_FROM: `"${siteConfig.companyName}" <no-reply@calora-energies.example>`,
      SEND_CONFIRMATION: true,
      RATE_LIMIT_PER_HOUR: 10,
      SMTP_TIMEOUT_MS: 30_000,
    });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.TRUST_PROXY).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.OUTBOX_LEASE_SECONDS).toBe(120);
    expect(env).toMatchObject({
      SITE_RATE_LIMIT_PER_MINUTE: 60,
      NOTIFICATIONS_PER_10_MINUTES: 20,
      MAX_LEAD_REQUESTS_IN_PROGRESS: 64,
      REQUEST_TIMEOUT_MS: 10_000,
      REFUSAL_DELAY_MS: 1_000,
    });
  });

  it('accepts the flood budgets up to 1 000 000 (benchmarks raise them)', () => {
    const env = parseEnv({
      SITE_RATE_LIMIT_PER_MINUTE: '1000000',
      NOTIFICATIONS_PER_10_MINUTES: '1000000',
      REFUSAL_DELAY_MS: '0',
    });
    expect(env.SITE_RATE_LIMIT_PER_MINUTE).toBe(1_000_000);
    expect(env.NOTIFICATIONS_PER_10_MINUTES).toBe(1_000_000);
    expect(env.REFUSAL_DELAY_MS).toBe(0);
  });

  it('reads a PostgreSQL URL and the outbox lease', () => {
    const env = parseEnv({
      DATABASE_URL: 'postgres://leads:s3cret@db.example.fr:5432/leads?sslmode=require',
      OUTBOX_LEASE_SECONDS: '90',
    });
    expect(env.DATABASE_URL).toBe(
      'postgres://leads:s3cret@db.example.fr:5432/leads?sslmode=require',
    );
    expect(env.OUTBOX_LEASE_SECONDS).toBe(90);
    expect(parseEnv({ DATABASE_URL: 'postgresql://db/leads' }).DATABASE_URL).toBe(
      'postgresql://db/leads',
    );
  });

  it('wants the outbox lease at least twice the SMTP timeout', () => {
    expect(() => parseEnv({ OUTBOX_LEASE_SECONDS: '50' })).toThrow(
      /OUTBOX_LEASE_SECONDS: must be at least twice SMTP_TIMEOUT_MS \(60 s/,
    );
    expect(parseEnv({ OUTBOX_LEASE_SECONDS: '5', SMTP_TIMEOUT_MS: '2000' })).toMatchObject({
      OUTBOX_LEASE_SECONDS: 5,
    });
  });

  it('never repeats a rejected DATABASE_URL (it may hold a password)', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://root:s3cret@db/leads' })).toThrow(
      /DATABASE_URL: expected a postgres:\/\/ URL/,
    );
    expect(() => parseEnv({ DATABASE_URL: 'mysql://root:s3cret@db/leads' })).not.toThrow(/s3cret/);
  });

  it('reads the pipeline settings', () => {
    const env = parseEnv({
      SMTP_URL: 'smtp://user:secret@mail.example.fr:587',
      MAIL_TO: 'leads@example.fr, direction@example.fr',
      MAIL_FROM: 'Site <site@example.fr>',
      SEND_CONFIRMATION: 'false',
      RATE_LIMIT_PER_HOUR: '25',
      SMTP_TIMEOUT_MS: '10000',
      TRUST_PROXY: 'X-Forwarded-For',
      SITE_ORIGINS: 'https://www.example.fr, https://example.fr/',
      BACKEND_URL: 'https://api.example.fr/',
    });
    expect(env).toMatchObject({
      SEND_CONFIRMATION: false,
      RATE_LIMIT_PER_HOUR: 25,
      SMTP_TIMEOUT_MS: 10_000,
      TRUST_PROXY: 'x-forwarded-for',
      SITE_ORIGINS: ['https://www.example.fr', 'https://example.fr'],
      BACKEND_URL: 'https://api.example.fr',
    });
  });

  it('reads the mail API settings (HTTPS, or HTTP to this machine only) and wants its key', () => {
    expect(
      parseEnv({ MAIL_API_URL: 'https://api.brevo.com/', MAIL_API_KEY: ' xkeysib-1 ' }),
    ).toMatchObject({ MAIL_API_URL: 'https://api.brevo.com', MAIL_API_KEY: 'xkeysib-1' });
    expect(
      parseEnv({ MAIL_API_URL: 'http://127.0.0.1:8025', MAIL_API_KEY: 'k' }).MAIL_API_URL,
    ).toBe('http://127.0.0.1:8025');
    expect(() => parseEnv({ MAIL_API_URL: 'http://api.brevo.com', MAIL_API_KEY: 'k' })).toThrow(
      /MAIL_API_URL: expected an https:\/\/ URL/,
    );
    expect(() => parseEnv({ MAIL_API_URL: 'https://api.brevo.com' })).toThrow(
      /MAIL_API_KEY: required when MAIL_API_URL is set/,
    );
    expect(parseEnv({}).MAIL_API_URL).toBeUndefined();
  });

  it.each([
    ['MAIL_API_URL', 'smtp://api.brevo.com'],
    ['SMTP_URL', 'http://mail.example.fr'],
    ['MAIL_TO', 'a@b.fr; c@d.fr'],
    ['MAIL_FROM', 'a@b.fr, c@d.fr'],
    ['RATE_LIMIT_PER_HOUR', '0'],
    ['SMTP_TIMEOUT_MS', '30 s'],
    ['SEND_CONFIRMATION', 'peut-être'],
    ['TRUST_PROXY', 'x forwarded'],
    ['SITE_ORIGINS', 'https://www.example.fr/contact'],
    ['DATABASE_URL', 'leads.sqlite'],
    ['DATABASE_URL', 'sqlite:///data/leads.sqlite'],
    ['OUTBOX_LEASE_SECONDS', '1'],
    ['SITE_RATE_LIMIT_PER_MINUTE', '0'],
    ['SITE_RATE_LIMIT_PER_MINUTE', '1000001'],
    ['NOTIFICATIONS_PER_10_MINUTES', '0'],
    ['MAX_LEAD_REQUESTS_IN_PROGRESS', '0'],
    ['REQUEST_TIMEOUT_MS', '50'],
    ['REQUEST_TIMEOUT_MS', '300001'],
    ['REFUSAL_DELAY_MS', '-1'],
  ])('rejects %s=%j with a message naming it', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});

describe('allowedOrigins', () => {
  it('defaults to the origins the server answers on, plus SITE_URL', () => {
    expect(allowedOrigins(parseEnv({ PORT: '4000' }))).toEqual([
      'http://localhost:4000',
      'http://127.0.0.1:4000',
    ]);
    expect(allowedOrigins(parseEnv({ SITE_URL: 'https://www.example.fr/' }), 8080)).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'https://www.example.fr',
    ]);
  });

  it('uses SITE_ORIGINS alone when set', () => {
    expect(allowedOrigins(parseEnv({ SITE_ORIGINS: 'https://a.example' }))).toEqual([
      'https://a.example',
    ]);
  });
});

describe('publicSiteUrl', () => {
  it('is SITE_URL when set, otherwise the server itself on the port it listens on', () => {
    expect(publicSiteUrl(parseEnv({ SITE_URL: 'https://www.example.fr' }), 8080)).toBe(
      'https://www.example.fr',
    );
    expect(publicSiteUrl(parseEnv({ PORT: '3456' }))).toBe('http://localhost:3456');
    expect(publicSiteUrl(parseEnv({}), 41234)).toBe('http://localhost:41234');
    expect(publicSiteUrl(parseEnv({ SITE_ORIGINS: 'https://a.example' }))).toBe(
      'https://a.example',
    );
  });
});
