import { spawnSync } from 'node:child_process';

import type { Page } from '@playwright/test';

import { contactPageText } from '#app/content/contact.ts';
import { CONTACT_THANKS_PATH, type LeadField } from '#contracts/contact/lead-contract.ts';
import { type ServerProcess, startServerProcess } from '#test-support/process.ts';
import { expect, test as base } from '#e2e/fixtures.ts';
import { fillContactForm } from './contact-form.ts';
import { E2E_SMTP_PORT } from './mailbox.ts';

/**
 * What the native-post specs (contact-native.*.spec.ts) share: visitors whose every typed value
 * is unique, the form's controls, the store as on disk, and `test` with a server of its own per
 * worker (`own`), to read every line it logs.
 */
export const labels = contactPageText.form.labels;

export type Visitor = Record<Exclude<LeadField, 'clientType'>, string>;
export type TypedField = Exclude<keyof Visitor, 'produit'>;

function letters(count: number): string {
  return Array.from({ length: count }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join('');
}

/** A visitor whose every typed value is unique to this run, so any leak is recognisable. */
export function visitor(overrides: Partial<Visitor> = {}): Visitor {
  const tag = letters(8);
  return {
    nom: `Nomtrace${tag}`,
    prenom: `Prénomtrace${tag}`,
    adresse: `${tag} rue de la Paix, 75002 Paris`,
    telephone: '06 98 76 54 32',
    email: `trace.${tag}@entreprise.example`,
    produit: 'Éclairage LED',
    message: `Projet ${tag} : isolation et éclairage`,
    ...overrides,
  };
}

export const TYPED_FIELDS: TypedField[] = [
  'nom',
  'prenom',
  'adresse',
  'telephone',
  'email',
  'message',
];

export const fillForm = fillContactForm;

export const submitButton = (page: Page) =>
  page.getByRole('button', { name: /Envoyer ma demande|Envoi en cours/ });

/**
 * What the staff CLI lists: the store as it is on disk. The CLI's bundle of the build under test
 * is run directly: `npm run leads` rebuilds a bundle older than a source file, and two tests
 * doing so at once removed each other's build/server/ (MODULE_NOT_FOUND).
 */
export function storedLeads(dataDir: string): Array<{
  email: string;
  consent: { text: string; version: string };
}> {
  const result = spawnSync(process.execPath, ['build/server/leads.js', 'list', '--json'], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as ReturnType<typeof storedLeads>;
}

export const test = base.extend<object, { own: ServerProcess }>({
  own: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures it needs from this pattern.
    async ({}, use) => {
      const server = await startServerProcess(
        {
          SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
          RATE_LIMIT_PER_HOUR: '1000',
          SITE_RATE_LIMIT_PER_MINUTE: '100000',
          NOTIFICATIONS_PER_10_MINUTES: '100000',
        },
        { from: 'build' },
      );
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

/** The thank-you page of `origin`, with the call-back time in its fragment (`#rappel=…`). */
export function thanksUrl(origin: string): RegExp {
  const page = `${origin}${CONTACT_THANKS_PATH}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`^${page}#rappel=\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$`);
}
