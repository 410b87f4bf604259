import { describe, expect, it } from 'vitest';

import { CHOICE_VERSION, type ContactChoice } from '#contracts/contact/contact-choice.ts';
import { DEFAULT_CALENDAR, dueWallTimeBy, mailCalendar } from '#server/callback/index.ts';
import { type Lead, unspecifiedContact } from '#server/db/records/lead.ts';
import { buildLeadMail } from './compose-mail.ts';
import { buildConfirmation, buildNotification } from './templates.ts';
import { buildVisitorNotice } from './visitor-mail.ts';

const RECEIVED = Date.parse('2026-12-01T09:30:00Z'); // a Tuesday
const settings = {
  from: 'Site <no-reply@x.example>',
  to: 'equipe@x.example',
  callbackBy: dueWallTimeBy(DEFAULT_CALENDAR),
  siteUrl: () => 'https://www.exemple.fr',
  ...mailCalendar(DEFAULT_CALENDAR),
};

function leadWith(choice: ContactChoice, extra: Partial<Lead['contact']> = {}): Lead {
  const seed = choice.channel === 'non_precise';
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
    message: 'Mon message',
    consent: { text: 'J’accepte…', version: seed ? '2026-11-01' : '2026-12-01', givenAt: RECEIVED },
    contact: {
      ...unspecifiedContact(RECEIVED),
      choice,
      text: seed ? '' : 'Comment souhaitez-vous être recontacté(e) ? Par téléphone.',
      version: seed ? '' : CHOICE_VERSION,
      ...extra,
    },
  };
}

const ASAP: ContactChoice = { channel: 'telephone', days: [], slots: [] };
const EMAIL: ContactChoice = { channel: 'email', days: [], slots: [] };
const SEED: ContactChoice = { channel: 'non_precise', days: [], slots: [] };
const SLOTS: ContactChoice = {
  channel: 'telephone',
  days: [2],
  slots: [{ start: 840, end: 1020 }],
};

describe('the confirmation says when', () => {
  it('gives the chosen slot with its invitation', () => {
    const mail = buildConfirmation(leadWith(SLOTS), settings, 'id', { now: RECEIVED });
    expect(mail.text).toContain(
      'Nous vous appellerons mardi 1er\u00a0décembre entre 14\u00a0h et 17\u00a0h.',
    );
    expect(mail.attachments).toHaveLength(1);
  });

  it.each([
    [
      'dès que possible',
      ASAP,
      'Nous vous rappellerons au plus tard mercredi 2\u00a0décembre à 10\u00a0h\u00a030.',
    ],
    [
      'the seed’s payload',
      SEED,
      'Nous vous rappellerons au plus tard mercredi 2\u00a0décembre à 10\u00a0h\u00a030.',
    ],
    [
      'the e-mail only',
      EMAIL,
      'Nous vous répondrons par e-mail au plus tard mercredi 2\u00a0décembre à 10\u00a0h\u00a030.',
    ],
  ])('%s: the promise, no invitation', (_, choice, sentence) => {
    const mail = buildConfirmation(leadWith(choice), settings, 'id', { now: RECEIVED });
    expect(mail.text).toContain(sentence);
    expect(mail.html).toContain(sentence);
    expect(mail.attachments).toBeUndefined();
    if (choice.channel === 'email') expect(mail.text).not.toMatch(/appel/);
    for (const typed of ['Martin', 'Léa', '1 rue X', 'Mon message', '06 12 34 56 78']) {
      expect(mail.text).not.toContain(typed);
      expect(mail.html).not.toContain(typed);
    }
  });
});

describe('the visitor page link', () => {
  it('is minted for the visitor’s e-mails, never for the company’s', async () => {
    const minted: string[] = [];
    const visitorLinks = {
      mint: (leadId: string, now: number) => {
        minted.push(`${leadId}@${now}`);
        return Promise.resolve(`token${minted.length}`);
      },
    };
    const lead = leadWith(SLOTS);
    for (const kind of ['confirmation', 'schedule_update', 'schedule_cancel'] as const) {
      const mail = await buildLeadMail(kind, lead, { ...settings, visitorLinks }, 'id', RECEIVED);
      const link = `https://www.exemple.fr/ma-demande#jeton=token${minted.length}`;
      expect(mail.text).toContain(`Suivre ou modifier ma demande\u00a0:\n${link}\n`);
      expect(mail.html).toContain(`<a href="${link}">Suivre ou modifier ma demande</a>`);
    }
    expect(minted).toEqual([1, 2, 3].map(() => `${lead.id}@${RECEIVED}`));
    for (const kind of ['notification', 'visitor_notice'] as const) {
      const mail = await buildLeadMail(kind, lead, { ...settings, visitorLinks }, 'id', RECEIVED);
      expect(mail.text).not.toContain('/ma-demande');
    }
    expect(minted).toHaveLength(3);
  });

  it('is absent with the Edge worker’s settings (no visitor links)', async () => {
    const mail = await buildLeadMail('confirmation', leadWith(SLOTS), settings, 'id', RECEIVED);
    expect(mail.text).not.toContain('/ma-demande');
    expect(mail.text).not.toContain('Suivre ou modifier');
    expect(mail.attachments).toHaveLength(1);
  });
});

describe('the company’s e-mails state the choice', () => {
  it('the notification: channel, slots, the stored wordings and the chosen slot’s due time', () => {
    const lead = leadWith(SLOTS, { dueAt: Date.parse('2026-12-01T16:00:00Z') });
    const mail = buildNotification(lead, settings, 'id');
    expect(mail.text).toContain('Recontact\u00a0: Par téléphone');
    expect(mail.text).toContain('Créneaux\u00a0: mardi\u00a0; de 14\u00a0h à 17\u00a0h');
    expect(mail.text).toContain('traitement de cette demande et réponse par le moyen choisi');
    expect(mail.text).toContain(
      `Choix du demandeur\u00a0: ${lead.contact.text} (texte du ${CHOICE_VERSION})`,
    );
    expect(mail.text).toContain('À rappeler avant\u00a0: mardi 1er\u00a0décembre à 17\u00a0h');
    const seed = buildNotification(leadWith(SEED), settings, 'id');
    expect(seed.text).toContain('Recontact\u00a0: Non précisé (téléphone ou e-mail)');
    expect(seed.text).toContain('recontact par téléphone ou e-mail au sujet de cette demande');
    expect(seed.text).not.toContain('Choix du demandeur');
  });

  it('the notification of an e-mail-only request: to answer by e-mail, never to call back', () => {
    const lead = leadWith(EMAIL, { dueAt: Date.parse('2026-12-02T09:30:00Z') });
    const mail = buildNotification(lead, settings, 'id');
    expect(mail.text).toContain(
      'À répondre avant\u00a0: mercredi 2\u00a0décembre à 10\u00a0h\u00a030',
    );
    expect(mail.html).toContain('À répondre avant');
    for (const part of [mail.text, mail.html]) expect(part).not.toMatch(/rappel/i);
  });

  it('the visitor’s notice: who, what changed, the choice in words, the staff page, nothing personal in the subject', () => {
    const moved = buildVisitorNotice(leadWith(SLOTS, { changedAt: RECEIVED }), settings, 'id');
    expect(moved.subject).toBe('Créneau modifié par le demandeur');
    expect(moved.to).toBe('equipe@x.example');
    // Named as the notification of a new request names the person; a reply writes to them.
    expect(moved.replyTo).toBe('lea@exemple.example');
    expect(moved.text).toMatch(/^Créneau modifié par Léa Martin\n/);
    expect(moved.html).toContain('<h1 style="font-size:20px;">Créneau modifié par Léa Martin</h1>');
    for (const row of [
      'Prénom\u00a0: Léa',
      'Nom\u00a0: Martin',
      'E-mail\u00a0: lea@exemple.example',
      'Téléphone\u00a0: 06 12 34 56 78',
    ]) {
      expect(moved.text).toContain(row);
    }
    expect(moved.text).toContain('Créneaux\u00a0: mardi\u00a0; de 14\u00a0h à 17\u00a0h');
    expect(moved.text).toContain(
      'https://www.exemple.fr/equipe/demandes/4b4f6a36-3c0e-4b8e-9a53-0b1d7d3b2c11',
    );
    const stopped = buildVisitorNotice(
      leadWith(EMAIL, { phoneWithdrawnAt: RECEIVED }),
      settings,
      'id',
    );
    expect(stopped.subject).toBe('Le demandeur ne souhaite plus être appelé');
    expect(stopped.text).toMatch(/^Léa Martin ne souhaite plus être appelé\(e\)\n/);
    expect(stopped.text).toContain('Recontact\u00a0: Par e-mail uniquement');
    for (const typed of ['Martin', 'Léa', 'lea@exemple.example', '06 12 34 56 78']) {
      expect(`${moved.subject}${stopped.subject}`).not.toContain(typed);
    }
    // The person's message and address stay out: the notice is about the change.
    for (const typed of ['Mon message', '1 rue X']) {
      expect(`${moved.text}${moved.html}`).not.toContain(typed);
    }
  });
});

describe('what the notification’s first sentence promises follows the choice', () => {
  it('a call within 24 h, within the chosen slots, or an answer by e-mail only', () => {
    const intro = (choice: ContactChoice) =>
      buildNotification(leadWith(choice), settings, 'id').text;
    for (const choice of [ASAP, SEED]) {
      expect(intro(choice)).toContain('Le client attend un rappel sous 24\u00a0h.');
    }
    expect(intro(SLOTS)).toContain('souhaite être appelé dans les créneaux indiqués ci-dessous');
    expect(intro(SLOTS)).not.toContain('rappel sous 24');
    expect(intro(EMAIL)).toContain('réponse par e-mail uniquement\u00a0: ne pas l’appeler');
    expect(intro(EMAIL)).not.toContain('rappel sous 24');
  });
});

describe('a change to « dès que possible »', () => {
  it('withdraws the invitation an earlier slot put in the calendar (CANCEL, same UID, its SEQUENCE)', async () => {
    const lead = leadWith(ASAP, { changedAt: RECEIVED, sequence: 1 });
    const mail = await buildLeadMail('schedule_update', lead, settings, 'id', RECEIVED);
    expect(mail.text).toContain('Nous vous rappellerons au plus tard');
    expect(mail.attachments).toHaveLength(1);
    const ics = mail.attachments?.[0]?.content ?? '';
    expect(mail.attachments?.[0]?.contentType).toContain('method=CANCEL');
    expect(ics).toContain('METHOD:CANCEL\r\n');
    expect(ics).toContain(`UID:${lead.id}@`);
    expect(ics).toContain('SEQUENCE:1\r\n');
    expect(ics).toContain('STATUS:CANCELLED\r\n');
  });
});
