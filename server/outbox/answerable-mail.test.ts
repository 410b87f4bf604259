import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { siteConfig } from '#config/site.ts';
import type { ContactChoice } from '#contracts/contact/contact-choice.ts';
import { DEFAULT_CALENDAR, dueWallTimeBy, mailCalendar } from '#server/callback/index.ts';
import { type Lead, unspecifiedContact } from '#server/db/records/lead.ts';
import { createMemoryLogger, createTempDir } from '#test-support/harness.ts';
import { startMailApiPeer, type MailApiPeer } from '#test-support/mail-api-peer.ts';
import { startSmtpPeer, type SmtpPeer } from '#test-support/smtp-peer.ts';
import { buildLeadMail } from './compose-mail.ts';
import { createHttpApiTransport } from './http-api-transport.ts';
import type { MailMessage } from './mail-transport.ts';
import { createEmlTransport, createSmtpTransport } from './transport.ts';

/**
 * A visitor's e-mail to a person who asked for the e-mail only can be answered (ADR 0036): its
 * Reply-To is the company's address, on every transport (SMTP, `.eml` files, the HTTP mail API
 * the Edge worker uses too), and it never says « ne pas y répondre »; to a person who chose the
 * phone it still comes from the no-reply address and says so.
 */
const RECEIVED = Date.parse('2026-12-01T09:30:00Z');
const settings = {
  from: '"Calora Énergies" <no-reply@calora-energies.example>',
  to: 'equipe@calora-energies.example',
  callbackBy: dueWallTimeBy(DEFAULT_CALENDAR),
  ...mailCalendar(DEFAULT_CALENDAR),
};
const EMAIL: ContactChoice = { channel: 'email', days: [], slots: [] };
const PHONE: ContactChoice = { channel: 'telephone', days: [], slots: [] };

function leadWith(choice: ContactChoice, withdrawn = false): Lead {
  return {
    id: '4b4f6a36-3c0e-4b8e-9a53-0b1d7d3b2c11',
    createdAt: RECEIVED,
    clientType: 'professionnel',
    nom: 'Martin',
    prenom: 'Léa',
    adresse: '1 rue X',
    telephone: '06 12 34 56 78',
    email: 'lea@exemple.example',
    produit: 'HP flottante',
    message: '',
    consent: { text: 'J’accepte…', version: '2026-12-01', givenAt: RECEIVED },
    contact: {
      ...unspecifiedContact(RECEIVED),
      choice,
      ...(withdrawn ? { phoneWithdrawnAt: RECEIVED } : {}),
    },
  };
}

const NO_REPLY = 'merci de ne pas y répondre';

describe('what a visitor’s e-mail says of answering it', () => {
  it('the e-mail only: the company’s address to reply to, and no « ne pas y répondre »', async () => {
    for (const [kind, lead] of [
      ['confirmation', leadWith(EMAIL)],
      ['schedule_cancel', leadWith(EMAIL, true)],
    ] as const) {
      const mail = await buildLeadMail(kind, lead, settings, 'id', RECEIVED);
      expect(mail.replyTo, kind).toBe(siteConfig.email);
      for (const part of [mail.text, mail.html]) {
        expect(part, kind).not.toContain(NO_REPLY);
        expect(part, kind).toContain('Vous pouvez répondre à ce message');
      }
    }
  });

  it('the phone: from the no-reply address, which says not to answer', async () => {
    for (const kind of ['confirmation', 'schedule_update'] as const) {
      const mail = await buildLeadMail(kind, leadWith(PHONE), settings, 'id', RECEIVED);
      expect(mail.replyTo, kind).toBeUndefined();
      expect(mail.text, kind).toContain(NO_REPLY);
    }
  });
});

describe('the Reply-To of an e-mail-only confirmation, on every transport', () => {
  let confirmation: MailMessage;
  let smtp: SmtpPeer;
  let api: MailApiPeer;

  beforeAll(async () => {
    confirmation = await buildLeadMail(
      'confirmation',
      leadWith(EMAIL),
      settings,
      '<a.confirmation@calora-energies.example>',
      RECEIVED,
    );
    [smtp, api] = await Promise.all([startSmtpPeer(), startMailApiPeer()]);
  });

  afterAll(async () => {
    await Promise.all([smtp.stop(), api.stop()]);
  });

  it('SMTP', async () => {
    const transport = createSmtpTransport(smtp.url, { timeoutMs: 5_000 });
    try {
      await transport.send(confirmation, 'unused');
    } finally {
      transport.close();
    }
    const [received] = smtp.messages;
    expect(received?.headers.get('reply-to')).toBe(siteConfig.email);
    expect(received?.envelopeTo).toEqual(['lea@exemple.example']);
  });

  it('.eml files', async () => {
    const directory = createTempDir('eml-reply-to');
    const transport = createEmlTransport(directory, createMemoryLogger([]));
    try {
      await transport.send(confirmation, 'a-confirmation');
      const parsed = await simpleParser(readFileSync(join(directory, 'a-confirmation.eml')));
      expect(parsed.replyTo?.value.map((box) => box.address)).toEqual([siteConfig.email]);
    } finally {
      transport.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('the HTTP mail API (the Node server’s and the Supabase worker’s)', async () => {
    const transport = createHttpApiTransport({ url: api.url, apiKey: api.apiKey });
    await transport.send(confirmation, 'unused');
    expect(api.requests[0]?.body.replyTo).toEqual({ email: siteConfig.email });
    expect(api.requests[0]?.body.to).toEqual([{ email: 'lea@exemple.example' }]);
  });
});
