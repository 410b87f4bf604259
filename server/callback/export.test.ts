import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ENGINES } from '#test-support/engines.ts';
import { STAFF_API } from '#contracts/staff/contract.ts';
import { startClockApi, type ClockApi } from './api.fixture.ts';

/**
 * The inbox's CSV export through the staff API, on both engines, with the server's clock set by
 * the test: times on the company's clock, French words, the calls (outcome, time, who), the file
 * named after what it holds.
 */
const STAFF = 'camille@calora-energies.example';
const paris = (iso: string) => Date.parse(iso);

/** The CSV as rows of cells by header. */
async function table(response: Response): Promise<Array<Record<string, string>>> {
  const [header, ...lines] = (await response.text())
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const cells = (line: string) =>
    [...line.matchAll(/"((?:[^"]|"")*)"(?:;|$)/g)].map((match) => match[1]!);
  const names = cells(header!);
  return lines.map((line) =>
    Object.fromEntries(cells(line).map((cell, index) => [names[index], cell])),
  );
}

describe.each(ENGINES)('the CSV export on %s', (engine) => {
  let api: ClockApi;
  let now = paris('2026-11-30T11:14:00+01:00');

  beforeAll(async () => {
    api = await startClockApi(
      engine,
      [
        // Thursday 09:00 → due Friday 09:00: overdue, never called.
        ['clock-late', 'Paul', '2026-11-26T09:00:00+01:00'],
        // Saturday → due at the end of Monday.
        ['clock-weekend', 'Léa', '2026-11-28T15:00:00+01:00'],
        // Friday 17:00 → due Monday 17:00; called four times on Monday at 11:14.
        ['clock-friday', 'Hugo', '2026-11-27T17:00:00+01:00'],
      ],
      STAFF,
      () => now,
    );
    for (const outcome of ['messagerie', 'pas_de_reponse', 'joint', 'numero_errone']) {
      const response = await api.send(STAFF_API.call('clock-friday'), { outcome });
      expect(response.status).toBe(200);
    }
    now = paris('2026-11-30T17:30:00+01:00');
  });
  afterAll(() => api.close());

  it('exports the due time and the calls on the company’s clock, named after the view', async () => {
    const all = await api.sendForm(STAFF_API.exportCsv, 'vue=toutes&portee=vue&colonnes=toutes');
    expect(all.headers.get('content-disposition')).toBe(
      'attachment; filename="demandes-toutes-toutes-colonnes-2026-11-30.csv"',
    );
    const rows = await table(all);
    expect(rows.map((row) => row['Référence'])).toEqual([
      'clock-weekend',
      'clock-friday',
      'clock-late',
    ]);
    const by = (id: string) => rows.find((row) => row['Référence'] === id);
    expect(by('clock-friday')).toMatchObject({
      'Reçue le': '27/11/2026 17:00',
      'À rappeler avant': '30/11/2026 17:00',
      'Nombre d’appels': '4',
      'Premier appel': '30/11/2026 11:14',
      'Dernier appel': '30/11/2026 11:14',
      'Résultat du dernier appel': 'Numéro erroné',
      'Dernier appel par': STAFF,
      'Tous les appels': [
        `30/11/2026 11:14 Messagerie (${STAFF})`,
        `30/11/2026 11:14 Pas de réponse (${STAFF})`,
        `30/11/2026 11:14 Joint (${STAFF})`,
        `30/11/2026 11:14 Numéro erroné (${STAFF})`,
      ].join(' | '),
    });
    // Due « lundi 30 novembre à 24:00 »: written on the Monday, as a spreadsheet reads it.
    expect(by('clock-weekend')).toMatchObject({ 'À rappeler avant': '30/11/2026 23:59' });
    expect(by('clock-late')).toMatchObject({
      'À rappeler avant': '27/11/2026 09:00',
      'Nombre d’appels': '0',
      'Premier appel': '',
      'Résultat du dernier appel': '',
    });

    // « À rappeler »: the person reached (« Joint ») has left it.
    const view = await api.sendForm(STAFF_API.exportCsv, 'vue=a-rappeler&portee=vue');
    expect(view.headers.get('content-disposition')).toBe(
      'attachment; filename="demandes-a-rappeler-2026-11-30.csv"',
    );
    expect((await table(view)).map((row) => [row['Prénom'], row['À rappeler avant']])).toEqual([
      ['Paul', '27/11/2026 09:00'],
      ['Léa', '30/11/2026 23:59'],
    ]);
  });
});
