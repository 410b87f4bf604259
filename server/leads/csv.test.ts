import { describe, expect, it } from 'vitest';

import { unspecifiedContact } from '#server/db/records/lead.ts';
import { exportFileName, LIST_COLUMNS, requestsCsv, type ExportRow } from './csv.ts';

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

const ALL = { timeZone: PARIS, columns: 'toutes' } as const;
const LIST = { timeZone: PARIS, columns: 'liste' } as const;

function parse(csv: string): Array<Record<string, string>> {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const [header, ...lines] = csv.slice(1).trimEnd().split('\r\n');
  const cells = (line: string) =>
    [...line.matchAll(/"((?:[^"]|"")*)"(?:;|$)/g)].map((match) => match[1]!.replace(/""/g, '"'));
  const names = cells(header!);
  return lines.map((line) => Object.fromEntries(cells(line).map((cell, i) => [names[i], cell])));
}

describe('the CSV export', () => {
  it('writes French headers and words, never the codes or UTC', () => {
    const csv = requestsCsv([row()], ALL);
    const [first] = parse(csv);
    expect(first).toMatchObject({
      'Reçue le': '26/11/2026 14:19',
      Statut: 'En cours',
      'À rappeler avant': '27/11/2026 14:19',
      Nom: 'Lefèvre',
      Prénom: 'Zoé',
      Téléphone: '06 12 34 56 78',
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
        version: '2026-11-26',
      },
    });
    const withdrawn = row({
      contact: {
        ...unspecifiedContact(at),
        choice: { channel: 'email', days: [], slots: [] },
        text: 'Comment souhaitez-vous être recontacté(e) ? Par e-mail uniquement.',
        version: '2026-11-26',
        phoneWithdrawnAt: Date.UTC(2026, 10, 27, 9, 5),
      },
    });
    const [first, second, seed] = parse(requestsCsv([phone, withdrawn, row()], ALL));
    expect(first).toMatchObject({
      'Recontact souhaité': 'Par téléphone',
      'Créneaux souhaités': 'mardi, jeudi\u00a0; de 14\u00a0h à 17\u00a0h',
      'Ne plus appeler depuis': '',
      'Choix de recontact donné le': '26/11/2026 14:19',
      'Version du choix de recontact': '2026-11-26',
      'Texte du choix de recontact': 'Comment souhaitez-vous être recontacté(e) ? Par téléphone.',
    });
    expect(second).toMatchObject({
      'Recontact souhaité': 'Par e-mail uniquement',
      'Créneaux souhaités': '—',
      'Ne plus appeler depuis': '27/11/2026 10:05',
    });
    expect(seed).toMatchObject({
      'Recontact souhaité': 'Non précisé (téléphone ou e-mail)',
      'Créneaux souhaités': 'dès que possible',
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
    const [first] = parse(requestsCsv([row({ calls })], ALL));
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

  it('neutralises cells a spreadsheet would read as a formula, without a visible mark', () => {
    const csv = requestsCsv(
      [row({ message: '=HYPERLINK("x")', telephone: '+32 470 12 34 56' })],
      ALL,
    );
    expect(csv).toContain(`"\u2060=HYPERLINK(""x"")"`);
    expect(csv).toContain(`"\u2060+32 470 12 34 56"`);
    expect(csv).not.toMatch(/(^|;)"[=+\-@']/m);
  });

  it('holds the columns a salesperson reads by default, every column on demand', () => {
    const endOfMonday = Date.parse('2026-12-01T00:00:00+01:00');
    const calls = [
      {
        at: Date.UTC(2026, 10, 30, 9, 5),
        outcome: 'messagerie' as const,
        note: '',
        staff: 'lea@entreprise.example',
      },
    ];
    const listed = requestsCsv([row({ dueAt: endOfMonday, calls, telephone: '0611223344' })], LIST);
    expect(listed.split('\r\n')[0]).toBe(
      `\uFEFF${LIST_COLUMNS.map((name) => `"${name}"`).join(';')}`,
    );
    expect(parse(listed)).toEqual([
      {
        Nom: 'Lefèvre',
        Prénom: 'Zoé',
        Téléphone: '06 11 22 33 44',
        'E-mail': 'zoe@entreprise.example',
        Produit: 'Pompe à chaleur',
        Statut: 'En cours',
        // Due « lundi 30 novembre à 24:00 »: on the Monday.
        'À rappeler avant': '30/11/2026 23:59',
        // No owner yet (ADR 0046).
        'Attribuée à': 'À attribuer',
        'Dernier appel': '30/11/2026 10:05',
        'Résultat du dernier appel': 'Messagerie',
      },
    ]);
    const owned = { dueAt: endOfMonday, owner: { name: 'Marie Dupont' } };
    const [every] = parse(requestsCsv([row(owned)], ALL));
    expect(Object.keys(every!)).toHaveLength(31);
    expect(every).toMatchObject({ 'Attribuée à': 'Marie Dupont' });
    expect(Object.keys(every!)).toEqual(expect.arrayContaining([...LIST_COLUMNS]));
    expect(every).toMatchObject({ 'À rappeler avant': '30/11/2026 23:59' });
    // Every header in French words, none a code.
    for (const name of Object.keys(every!)) expect(name, name).toMatch(/^[A-ZÀÉ]/);
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
    expect(exportFileName('vue', { vue: 'a-rappeler' }, noon, PARIS, 'toutes')).toBe(
      'demandes-a-rappeler-toutes-colonnes-2026-11-26.csv',
    );
  });
});
