import { describe, expect, it } from 'vitest';

import { parseMail } from './mail.ts';

describe('parseMail', () => {
  it('decodes headers and bodies in any charset, not only UTF-8', async () => {
    const raw = [
      'From: =?ISO-8859-1?Q?Calora_=C9nergies?= <no-reply@calora-energies.example>',
      'To: equipe@calora-energies.example',
      'Subject: =?ISO-8859-1?Q?Demande_re=E7ue?=',
      'Message-ID: <id.notification@calora-energies.example>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=ISO-8859-1',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Pr=E9nom : L=E9a',
      '--b',
      'Content-Type: text/html; charset=windows-1252',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('<p>Co\u00fbt\u00a0: 10\u00a0</p>', 'latin1').toString('base64'),
      '--b--',
      '',
    ].join('\r\n');
    const mail = await parseMail(raw);
    expect(mail.subject).toBe('Demande reçue');
    expect(mail.headers.get('from')).toBe('"Calora Énergies" <no-reply@calora-energies.example>');
    expect(mail.headers.get('to')).toBe('equipe@calora-energies.example');
    expect(mail.headers.get('message-id')).toBe('<id.notification@calora-energies.example>');
    expect(mail.text.trim()).toBe('Prénom : Léa');
    expect(mail.html).toContain('Coût\u00a0: 10');
  });
});
