import { describe, expect, it } from 'vitest';

import { leadHistory } from './history.ts';

const staff = 'claire@example.fr';

describe('leadHistory', () => {
  it('keeps a call with its note as one entry, and merges everything newest first', () => {
    const history = leadHistory(
      [{ at: 3000, outcome: 'joint', note: 'Rappeler pour le devis', staff }],
      [{ at: 5000, author: staff, text: 'Devis envoyé' }],
      [
        { at: 1000, actor: 'demandeur', action: 'visitor_slots', detail: '2' },
        { at: 3000, actor: staff, action: 'call', detail: 'joint' },
        { at: 3000, actor: staff, action: 'status', detail: 'nouveau → en_cours' },
        { at: 5000, actor: staff, action: 'note', detail: '' },
        { at: 6000, actor: 'demandeur', action: 'visitor_stop_calls', detail: '3' },
      ],
    );
    expect(history).toEqual([
      {
        kind: 'act',
        at: 6000,
        who: 'demandeur',
        action: 'visitor_stop_calls',
        detail: '3',
        note: '',
      },
      { kind: 'note', at: 5000, who: staff, text: 'Devis envoyé' },
      { kind: 'call', at: 3000, who: staff, outcome: 'joint', note: 'Rappeler pour le devis' },
      {
        kind: 'act',
        at: 3000,
        who: staff,
        action: 'status',
        detail: 'nouveau → en_cours',
        note: '',
      },
      { kind: 'act', at: 1000, who: 'demandeur', action: 'visitor_slots', detail: '2', note: '' },
    ]);
  });

  it('shows a note written with a status change as part of that change', () => {
    const history = leadHistory(
      [],
      [
        { at: 2000, author: staff, text: 'Signé' },
        { at: 4000, author: staff, text: 'Sans changement de statut' },
      ],
      [
        { at: 2000, actor: staff, action: 'status', detail: 'en_cours → converti' },
        { at: 2000, actor: staff, action: 'note', detail: '' },
        { at: 4000, actor: staff, action: 'note', detail: '' },
      ],
    );
    expect(history).toEqual([
      { kind: 'note', at: 4000, who: staff, text: 'Sans changement de statut' },
      {
        kind: 'act',
        at: 2000,
        who: staff,
        action: 'status',
        detail: 'en_cours → converti',
        note: 'Signé',
      },
    ]);
  });

  it('is empty for a request nobody acted on', () => {
    expect(leadHistory([], [], [])).toEqual([]);
  });
});
