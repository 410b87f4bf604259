import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';

import { createMemoryLogger, createTempDir } from '#test-support/harness.ts';
import { createEmlTransport } from './transport.ts';

describe('the .eml transport', () => {
  it('writes the calendar invitation as an attachment with its method', async () => {
    const directory = createTempDir('eml-attachment');
    const content =
      'BEGIN:VCALENDAR\r\nMETHOD:CANCEL\r\nSUMMARY:Rappel annulé\r\nEND:VCALENDAR\r\n';
    const transport = createEmlTransport(directory, createMemoryLogger([]));
    try {
      await transport.send(
        {
          from: 'Site <no-reply@x.example>',
          to: 'lea@exemple.example',
          subject: 'Nous ne vous appellerons plus',
          text: 'Bonjour',
          html: '<p>Bonjour</p>',
          messageId: '<a.schedule_cancel.2@x.example>',
          headers: {},
          attachments: [
            {
              filename: 'rappel.ics',
              contentType: 'text/calendar; method=CANCEL; charset=UTF-8',
              content,
            },
          ],
        },
        'a-schedule_cancel-7',
      );
      const raw = readFileSync(join(directory, 'a-schedule_cancel-7.eml'));
      expect(raw.toString('utf8')).toMatch(/Content-Type: text\/calendar; method=CANCEL/i);
      const [file] = (await simpleParser(raw)).attachments;
      expect(file?.filename).toBe('rappel.ics');
      expect(file?.content.toString('utf8')).toBe(content);
    } finally {
      transport.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
