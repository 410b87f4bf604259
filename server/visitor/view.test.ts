import { describe, expect, it } from 'vitest';

import { DEFAULT_CALENDAR } from '#server/callback/index.ts';
import type { VisitorRecord } from './store.ts';
import { visitorView } from './view.ts';

// Tuesday 1 December 2026, 09:00 in Paris.
const AT = Date.UTC(2026, 11, 1, 8);

const record = (overrides: Partial<VisitorRecord> = {}): VisitorRecord => ({
  id: 'lead-1',
  createdAt: AT,
  product: 'Climatisation',
  status: 'nouveau',
  choice: { channel: 'telephone', days: [2], slots: [{ start: 840, end: 1020 }] },
  phoneWithdrawnAt: null,
  reached: undefined,
  ...overrides,
});

describe('the visitor page’s view of a request', () => {
  it('writes its dates in French, the first of the month « 1er », with the next chosen slot', () => {
    const view = visitorView(record(), DEFAULT_CALENDAR, AT);
    expect(view.receivedOn).toBe('mardi 1er décembre 2026');
    expect(view.nextSlot).toBe('mardi 1er décembre 2026, de 14\u00a0h à 17\u00a0h');
    expect(view.stageText).toMatch(/reçue/i);
  });

  it('never shows a product that is not one of the list (no free text)', () => {
    expect(
      visitorView(record({ product: '<b>texte libre</b>' }), DEFAULT_CALENDAR, AT).product,
    ).toBe(null);
  });
});
