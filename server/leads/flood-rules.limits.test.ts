import { describe, expect, it } from 'vitest';

import { ENGINES } from '#test-support/engines.ts';
import { DAY, floodFixture, MINUTE, submission, T0 } from './flood-rules.fixture.ts';

/**
 * The flood rules of the store (ADR 0008), on both engines, with two stores on one database
 * standing for two instances: the site's budget, one confirmation per address per 24 h,
 * notifications per window with one alert, duplicates folded.
 */
describe.each(ENGINES)('flood rules and group commit on %s', (engine) => {
  const { open, delivery } = floodFixture(engine);

  it('holds the site budget across instances, and says when the window ends', async () => {
    const [one, two] = await Promise.all([open(), open()]);
    const verdicts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 === 0 ? one! : two!).leads.submit(
          submission(
            `b${i}`,
            T0,
            { email: `b${i}@x.example` },
            { siteBudget: { limit: 5, windowMs: MINUTE } },
          ),
        ),
      ),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
    for (const verdict of verdicts.filter((item) => !item.allowed)) {
      // T0 is 30 s into its minute.
      expect(verdict).toEqual({ allowed: false, limit: 'site', retryAfterSeconds: 30 });
    }
    expect(await one!.leads.listLeads()).toHaveLength(5);
    // The next minute has its own budget.
    const later = await two!.leads.submit(
      submission(
        'next',
        T0 + MINUTE,
        { email: 'next@x.example' },
        { siteBudget: { limit: 5, windowMs: MINUTE } },
      ),
    );
    expect(later.allowed).toBe(true);
  });

  it('sends one confirmation per address (any case, any spaces) per 24 hours, across instances', async () => {
    const [one, two] = await Promise.all([open(), open()]);
    const emails = ['Cible@Exemple.example', ' cible@exemple.example ', 'CIBLE@EXEMPLE.EXAMPLE'];
    await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        (i % 2 === 0 ? one! : two!).leads.submit(submission(`c${i}`, T0, { email: emails[i % 3] })),
      ),
    );
    const confirmations = [...(await delivery(one!)).values()].map((mails) =>
      mails.find((mail) => mail.kind === 'confirmation')!,
    );
    expect(confirmations.filter((mail) => mail.status === 'pending')).toHaveLength(1);
    expect(
      confirmations.filter(
        (mail) => mail.status === 'withheld' && mail.withheldReason === 'confirmation-recent',
      ),
    ).toHaveLength(8);
    // Notifications are all due: the request is real for the company.
    for (const mails of (await delivery(one!)).values()) {
      expect(mails.find((mail) => mail.kind === 'notification')?.status).toBe('pending');
    }
    // A day later, the address gets a confirmation again.
    await one!.leads.submit(submission('c-next-day', T0 + DAY + 1, { email: emails[0] }));
    const nextDay = (await delivery(one!)).get('c-next-day');
    expect(nextDay?.find((mail) => mail.kind === 'confirmation')?.status).toBe('pending');
  });

  it('withholds notifications past the window’s limit, with one alert for the window', async () => {
    const [one, two] = await Promise.all([open(), open()]);
    const limited = (id: string) => ({
      notifications: { limit: 3, windowMs: 10 * MINUTE, alertMessageId: `<${id}.alert@x.example>` },
    });
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? one! : two!).leads.submit(
          submission(`n${i}`, T0, { email: `n${i}@x.example` }, limited(`n${i}`)),
        ),
      ),
    );
    const mails = [...(await delivery(one!)).values()].flat();
    const notifications = mails.filter((mail) => mail.kind === 'notification');
    expect(notifications.filter((mail) => mail.status === 'pending')).toHaveLength(3);
    expect(
      notifications.filter(
        (mail) => mail.status === 'withheld' && mail.withheldReason === 'notification-flood',
      ),
    ).toHaveLength(7);
    expect(mails.filter((mail) => mail.kind === 'alert')).toEqual([
      expect.objectContaining({ status: 'pending', withheldReason: null }),
    ]);
    expect(await one!.leads.notificationWindow(T0, 10 * MINUTE)).toEqual({
      start: Date.UTC(2026, 10, 23, 12, 0),
      end: Date.UTC(2026, 10, 23, 12, 10),
      requests: 10,
    });
    // The next window: individual notifications again.
    await one!.leads.submit(
      submission('n-next', T0 + 10 * MINUTE, { email: 'n-next@x.example' }, limited('n-next')),
    );
    const next = (await delivery(one!)).get('n-next');
    expect(next?.map((mail) => [mail.kind, mail.status])).toEqual([
      ['notification', 'pending'],
      ['confirmation', 'pending'],
    ]);
  });

  it('folds the same request sent again within 10 minutes into the first, across instances', async () => {
    const [one, two] = await Promise.all([open(), open()]);
    const same = {
      email: 'Double@Clic.example',
      telephone: '06 00 00 00 01',
      message: 'Même texte',
    };
    const verdicts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 === 0 ? one! : two!).leads.submit(submission(`d${i}`, T0, same)),
      ),
    );
    const stored = verdicts.filter((verdict) => verdict.allowed && verdict.outcome === 'stored');
    expect(stored).toHaveLength(1);
    const leads = await one!.leads.listLeads();
    expect(leads).toHaveLength(1);
    const firstId = leads[0]!.id;
    for (const verdict of verdicts) {
      if (verdict.allowed && verdict.outcome === 'duplicate') expect(verdict.id).toBe(firstId);
    }
    // A different message, or the same one 10 minutes later, is a new request.
    await one!.leads.submit(submission('d-other', T0 + 1, { ...same, message: 'Autre texte' }));
    await one!.leads.submit(submission('d-later', T0 + 10 * MINUTE + 1, same));
    expect((await one!.leads.listLeads()).map((item) => item.id).sort()).toEqual(
      [firstId, 'd-later', 'd-other'].sort(),
    );
  });
});
