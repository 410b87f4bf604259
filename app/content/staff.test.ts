import { describe, expect, it } from 'vitest';

import { deliveryLabel, isFailing } from './staff.ts';

describe('the delivery state of an e-mail, as staff read it', () => {
  it('tells a sent, a waiting and a failing e-mail apart', () => {
    expect(deliveryLabel({ status: 'sent', attempts: 1, withheldReason: null })).toBe('envoyé');
    expect(deliveryLabel({ status: 'pending', attempts: 0, withheldReason: null })).toBe(
      'en attente d’envoi',
    );
    expect(deliveryLabel({ status: 'pending', attempts: 2, withheldReason: null })).toBe(
      'en échec, nouvel essai prévu',
    );
    expect(deliveryLabel({ status: 'failed', attempts: 8, withheldReason: null })).toBe(
      'échec définitif',
    );
  });

  it('says why an e-mail was withheld on purpose, and offers no retry for it', () => {
    const flood = {
      status: 'withheld',
      attempts: 0,
      withheldReason: 'notification-flood',
    } as const;
    const recent = {
      status: 'withheld',
      attempts: 0,
      withheldReason: 'confirmation-recent',
    } as const;
    expect(deliveryLabel(flood)).toMatch(/retenu pendant un afflux/);
    expect(deliveryLabel(recent)).toMatch(/confirmation est déjà partie/);
    expect(isFailing(flood)).toBe(false);
    expect(isFailing(recent)).toBe(false);
  });
});
