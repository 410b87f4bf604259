import { existsSync, rmSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTempDir } from '#test-support/harness.ts';
import { CONSENT_VERSION } from '#contracts/contact/consent.ts';
import { CHOICE_VERSION } from '#contracts/contact/contact-choice.ts';
import { unspecifiedContact } from '#server/db/records/lead.ts';
import { openInCalc, SOFFICE, type CalcCell } from '#test-support/calc.ts';
import { FORMULA_GUARD } from '#server/http/csv-cells.ts';
import { LIST_COLUMNS, requestsCsv, type ExportRow } from './csv.ts';

/**
 * The export opened in a real spreadsheet: LibreOffice Calc, French locale, with the import
 * that converts the most (dates and times detected, formulas evaluated). Each cell is read back
 * as Calc holds and shows it: a phone number is text, as typed, with its leading 0 and no
 * visible mark; a time is a date and time of the right day, a deadline at the end of a day on
 * that day; a formula from a visitor is text; headers read in French with their accents.
 */
const PARIS = 'Europe/Paris';
const paris = (iso: string) => Date.parse(iso);
const GIVEN = paris('2026-11-28T15:04:00+01:00');
const CALL = { note: '', staff: 'lea@calora-energies.example' };

function request(id: string, overrides: Partial<ExportRow>): ExportRow {
  return {
    id,
    createdAt: GIVEN,
    nom: 'Lefèvre',
    prenom: 'Zoé',
    email: `${id}@entreprise.example`,
    telephone: '06 12 34 56 78',
    adresse: '3 rue des Lilas, 69003 Lyon',
    produit: 'Climatisation',
    message: 'Bonjour',
    clientType: 'professionnel',
    consent: { text: 'J’accepte…', version: CONSENT_VERSION, givenAt: GIVEN },
    contact: {
      ...unspecifiedContact(GIVEN),
      choice: { channel: 'telephone', days: [1], slots: [{ start: 840, end: 1020 }] },
      text: 'Comment souhaitez-vous être recontacté(e) ? Par téléphone.',
      version: CHOICE_VERSION,
    },
    delivery: [],
    status: 'nouveau',
    // Saturday's request: due « lundi 30 novembre à 24:00 ».
    dueAt: paris('2026-12-01T00:00:00+01:00'),
    calls: [],
    ...overrides,
  };
}

const ROWS = [
  request('typed-digits', {
    telephone: '0611223344',
    status: 'en_cours',
    calls: [{ ...CALL, at: paris('2026-11-30T10:05:00+01:00'), outcome: 'messagerie' }],
  }),
  request('typed-plus', {
    telephone: '+33 6 45 67 89 01',
    message: '=HYPERLINK("http://evil.example";"clic")',
    dueAt: paris('2026-12-02T17:00:00+01:00'),
  }),
  request('abroad', {
    telephone: '+32 470 12 34 56',
    message: '- isolation des combles\n- pompe à chaleur',
  }),
];

type Sheet = CalcCell[][];

/** The cell of `column` in the row of request `index` (the header is row 0). */
function cell(sheet: Sheet, column: string, index: number): CalcCell {
  const at = sheet[0]!.findIndex((header) => header.text === column);
  expect(at, column).toBeGreaterThanOrEqual(0);
  return sheet[index + 1]![at]!;
}

/** A date-time as Calc fr-FR shows it: `30/11/26 23:59` (its default) or `30/11/2026 23:59`. */
const shown = (day: string, time: string) =>
  new RegExp(`^${day.slice(0, 6)}(20)?${day.slice(8)} ${time}$`);

describe('the CSV opened in LibreOffice Calc', () => {
  let workDir: string;
  let list: Sheet;
  let all: Sheet;

  beforeAll(async () => {
    if (!existsSync(SOFFICE)) {
      throw new Error(
        `LibreOffice Calc is missing (${SOFFICE}): npm test installs it as root, else ` +
          '`sudo apt-get install -y --no-install-recommends libreoffice-calc-nogui` ' +
          '(or point SOFFICE_PATH to soffice).',
      );
    }
    workDir = createTempDir('csv-calc');
    const started = Date.now();
    ({ list, all } = (await openInCalc(workDir, {
      list: requestsCsv(ROWS, { timeZone: PARIS, columns: 'liste' }),
      all: requestsCsv(ROWS, { timeZone: PARIS, columns: 'toutes' }),
    })) as { list: Sheet; all: Sheet });
    console.log(`${SOFFICE}: 2 files opened and saved in ${Date.now() - started} ms`);
  }, 150_000);
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it('shows each phone number as typed, as text, its leading 0 kept, no mark', () => {
    const phones = ROWS.map((_, index) => cell(list, 'Téléphone', index));
    expect(phones.map((phone) => phone.type)).toEqual(['string', 'string', 'string']);
    expect(phones.map((phone) => phone.text.replace(FORMULA_GUARD, ''))).toEqual([
      '06 11 22 33 44',
      '06 45 67 89 01',
      '+32 470 12 34 56',
    ]);
    // The only other character is the guard, which has no width and draws no glyph.
    expect(phones.map((phone) => phone.text.length)).toEqual([14, 14, 17]);
  });

  it('reads times as dates and times of the right day, a deadline at 24:00 on its own day', () => {
    const due = cell(list, 'À rappeler avant', 0);
    expect(due).toMatchObject({ type: 'date', value: '2026-11-30T23:59:00' });
    expect(due.text).toMatch(shown('30/11/2026', '23:59'));
    expect(cell(list, 'À rappeler avant', 1)).toMatchObject({
      type: 'date',
      value: '2026-12-02T17:00:00',
    });
    expect(cell(list, 'Dernier appel', 0)).toMatchObject({
      type: 'date',
      value: '2026-11-30T10:05:00',
    });
    expect(cell(all, 'Reçue le', 2)).toMatchObject({ type: 'date', value: '2026-11-28T15:04:00' });
    expect(cell(all, 'Nombre d’appels', 0)).toMatchObject({ type: 'float', value: '1' });
  });

  it('dates a wording’s version no later than the consent it records', () => {
    const version = cell(all, 'Version du consentement', 0);
    const given = cell(all, 'Consentement donné le', 0);
    expect(version.type).toBe('date');
    expect(version.value! <= given.value!.slice(0, 10)).toBe(true);
  });

  it('runs nothing a visitor typed: a formula stays text, shown without a mark', () => {
    expect(cell(all, 'Message', 1)).toMatchObject({ type: 'string', formula: undefined });
    expect(cell(all, 'Message', 1).text).toBe(
      `${FORMULA_GUARD}=HYPERLINK("http://evil.example";"clic")`,
    );
    expect(cell(all, 'Message', 2).text).toBe(
      `${FORMULA_GUARD}- isolation des combles\n- pompe à chaleur`,
    );
    for (const sheet of [list, all]) {
      expect(sheet.flat().filter((one) => one.formula !== undefined)).toEqual([]);
      expect(sheet.flat().filter((one) => one.text.startsWith("'"))).toEqual([]);
    }
  });

  it('holds the list’s columns or every column, headed in French with their accents', () => {
    expect(list[0]!.map((header) => header.text)).toEqual([...LIST_COLUMNS]);
    expect(list).toHaveLength(ROWS.length + 1);
    const headers = all[0]!.map((header) => header.text);
    expect(headers).toHaveLength(31);
    expect(headers).toEqual(
      expect.arrayContaining(['Recontact souhaité', 'Créneaux souhaités', 'Attribuée à']),
    );
    for (const header of all[0]!) {
      expect(header.type, header.text).toBe('string');
      expect(header.text, header.text).toMatch(/^[A-ZÀÉ][^A-Z]/u);
    }
  });
});
