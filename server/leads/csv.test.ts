import { describe, expect, it } from 'vitest';

import { unspecifiedContact } from '#server/db/records/lead.ts';
import { exportFileName, requestsCsv, wallClock, type ExportRow } from './csv.ts';

const PARIS = 'Europe/Paris';

function row(overrides: Partial<ExportRow> = {}): ExportRow {
  const at = Date.UTC(2026, 10, 26, 13, 19, 36, 602);
  return {
    id: 'lead-1',
    createdAt: at,
    nom: 'Lefèvre',
    prenom: 'Zoé',
    email: 'zoe@entreprise.example',
    telephone: '06 12 34 56 78',
    adresse: '3 rue des Lilas, 69003 Lyon',
    produit: 'Pompe à chaleur',
    message: 'Bonjour',
    clientType: 'particulier',
    consent: { text: 'J’accepte…', version: '2026-11-01', givenAt: at },
    contact: unspecifiedContact(at),
    delivery: [
      { kind: 'notification', status: 'sent', attempts: 1, sentAt: at, withheldReason: null },
      {
        kind: 'confirmation',
        status: 'withheld',
        attempts: 0,
        sentAt: null,
        withheldReason: 'confirmation-recent',
      },
    ],
    status: 'en_cours',
    dueAt: Date.UTC(2026, 10, 27, 13, 19, 36, 602),
    calls: [],
    ...overrides,
  } as ExportRow;
}

function parse(csv: string): Array<Record<string, string>> {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const [header, ...lines] = csv.slice(1).trimEnd().split('\r\n');
  const cells = (line: string) =>
    [...line.matchAll(/"((?:[^"]|"")*)"(?:;|$)/g)].map((match) => match[1]!.replace(/""/g, '"'));
  const names = cells(header!);
  return lines.map((line) => Object.fromEntries(cells(line).map((cell, i) => [names[i], cell])));
}

describe('the CSV export', () => {
  it('gives times on the company’s wall clock, on both sides of a clock change', () => {
    // What the screen shows as 14:19 (UTC+1 in November).
    expect(wallClock(Date.UTC(2026, 10, 26, 13, 19, 36), PARIS)).toBe('26/11/2026 14:19');
    // Summer time (UTC+2), the day before and after the change of 25 October 2026.
    expect(wallClock(Date.UTC(2026, 9, 24, 7, 5), PARIS)).toBe('24/10/2026 09:05');
    expect(wallClock(Date.UTC(2026, 9, 25, 0, 30), PARIS)).toBe('25/10/2026 02:30');
    expect(wallClock(Date.UTC(2026, 9, 25, 1, 30), PARIS)).toBe('25/10/2026 02:30');
    expect(wallClock(Date.UTC(2026, 9, 26, 7, 5), PARIS)).toBe('26/10/2026 08:05');
    // Spring: 29 March 2026, 02:00 → 03:00.
    expect(wallClock(Date.UTC(2026, 2, 29, 0, 59), PARIS)).toBe('29/03/2026 01:59');
    expect(wallClock(Date.UTC(2026, 2, 29, 1, 0), PARIS)).toBe('29/03/2026 03:00');
    // Midnight is 00:00, never 24:00.
    expect(wallClock(Date.UTC(2026, 10, 26, 23, 0), PARIS)).toBe('27/11/2026 00:00');
  });

  it('writes French headers and words, never the codes or UTC', () => {
    const csv = requestsCsv([row()], PARIS);
    const [first] = parse(csv);
    expect(first).toMatchObject({
      'Reçue le': '26/11/2026 14:19',
      Statut: 'En cours',
      'À rappeler avant': '27/11/2026 14:19',
      Nom: 'Lefèvre',
      Prénom: 'Zoé',
      'Type de client': 'Particulier',
      'E-mail à l’équipe': 'Envoyé',
      'Confirmation au client': 'Non envoyé (déjà confirmé dans les 24 h)',
      'Nombre d’appels': '0',
      'Premier appel': '',
      'Dernier appel': '',
      'Résultat du dernier appel': '',
      'Consentement donné le': '26/11/2026 14:19',
      Référence: 'lead-1',
    });
    expect(csv).not.toMatch(/en_cours|particulier"|notification:|\d{4}-\d{2}-\d{2}T|Z"/);
    // One row per request and the header, CRLF between rows, `;` between cells.
    expect(csv.slice(1).trimEnd().split('\r\n')).toHaveLength(2);
    expect(csv.split('\r\n')[0]).toMatch(/^\uFEFF"Reçue le";"Statut";/);
  });

  it('gives the visitor’s choice of contact: channel, days and slots, withdrawal, wording', () => {
    const at = Date.UTC(2026, 10, 26, 13, 19);
    const phone = row({
      contact: {
        ...unspecifiedContact(at),
        choice: { channel: 'telephone', days: [2, 4], slots: [{ start: 840, end: 1020 }] },
        text: 'Comment souhaitez-vous être recontacté(e) ? Par téléphone.',
        version: '2026-12-01',
      },
    });
    const withdrawn = row({
      contact: {
        ...unspecifiedContact(at),
        choice: { channel: 'email', days: [], slots: [] },
        text: 'Comment souhaitez-vous être recontacté(e) ? Par e-mail uniquement.',
        version: '2026-12-01',
        phoneWithdrawnAt: Date.UTC(2026, 10, 27, 9, 5),
      },
    });
    const [first, second, seed] = parse(requestsCsv([phone, withdrawn, row()], PARIS));
    expect(first).toMatchObject({
      recontact: 'Par téléphone',
      creneaux: 'mardi, jeudi\u00a0; de 14\u00a0h à 17\u00a0h',
      'Ne plus appeler depuis': '',
      'Choix de recontact donné le': '26/11/2026 14:19',
      'Version du choix de recontact': '2026-12-01',
      'Texte du choix de recontact': 'Comment souhaitez-vous être recontacté(e) ? Par téléphone.',
    });
    expect(second).toMatchObject({
      recontact: 'Par e-mail uniquement',
      creneaux: '—',
      'Ne plus appeler depuis': '27/11/2026 10:05',
    });
    expect(seed).toMatchObject({
      recontact: 'Non précisé (téléphone ou e-mail)',
      creneaux: 'dès que possible',
      'Choix de recontact donné le': '',
    });
  });

  it('lists the calls: their number, the first, the last with its outcome and caller, all', () => {
    const calls = [
      {
        at: Date.UTC(2026, 10, 26, 14, 2),
        outcome: 'pas_de_reponse' as const,
        note: '',
        staff: 'marc@entreprise.example',
      },
      {
        at: Date.UTC(2026, 10, 27, 8, 40),
        outcome: 'joint' as const,
        note: 'Visite lundi',
        staff: 'lea@entreprise.example',
      },
    ];
    const [first] = parse(requestsCsv([row({ calls })], PARIS));
    expect(first).toMatchObject({
      'Nombre d’appels': '2',
      'Premier appel': '26/11/2026 15:02',
      'Dernier appel': '27/11/2026 09:40',
      'Résultat du dernier appel': 'Joint',
      'Dernier appel par': 'lea@entreprise.example',
      'Tous les appels':
        '26/11/2026 15:02 Pas de réponse (marc@entreprise.example) | ' +
        '27/11/2026 09:40 Joint (lea@entreprise.example)',
    });
  });

  it('neutralises cells a spreadsheet would read as a formula', () => {
    const csv = requestsCsv(
      [row({ message: '=HYPERLINK("x")', telephone: '+33612345678' })],
      PARIS,
    );
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).toContain(`"'+33612345678"`);
    expect(csv).not.toMatch(/(^|;)"[=+\-@]/m);
  });

  it('names the file after what it holds, on the company’s date', () => {
    // 23:30 UTC on 26 November is already 27 November in Paris.
    const late = Date.UTC(2026, 10, 26, 23, 30);
    const noon = Date.UTC(2026, 10, 26, 11, 0);
    expect(exportFileName('vue', { vue: 'a-rappeler' }, noon, PARIS)).toBe(
      'demandes-a-rappeler-2026-11-26.csv',
    );
    expect(exportFileName('vue', { vue: 'a-rappeler' }, late, PARIS)).toBe(
      'demandes-a-rappeler-2026-11-27.csv',
    );
    expect(exportFileName('vue', { vue: 'en-retard', q: 'martin' }, noon, PARIS)).toBe(
      'demandes-en-retard-filtrees-2026-11-26.csv',
    );
    expect(exportFileName('tout', { vue: 'a-rappeler', q: 'martin' }, noon, PARIS)).toBe(
      'demandes-toutes-2026-11-26.csv',
    );
    expect(exportFileName('vue', {}, noon, PARIS)).toBe('demandes-toutes-2026-11-26.csv');
  });
});
