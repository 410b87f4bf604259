import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AUDIENCE_BEACON_PATH } from '#contracts/audience/contract.ts';
import { startEdgeFunction, type RunningFunction } from '#test-support/edge-functions.ts';
import { validRequest } from '#test-support/harness.ts';
import {
  FUNCTION_NAME,
  gateway,
  query,
  runFunctionsForThisFile,
  SITE_ORIGIN,
  workerEnv,
} from './functions.fixture.ts';

/**
 * What the Edge Functions count in the database: the flood caps (ADR 0008) across isolates of
 * send-contact-email, and audience-beacon's audience count.
 */
runFunctionsForThisFile();

describe('the flood caps hold in the database, across isolates', () => {
  /** Two more isolates of send-contact-email with low caps, on the same database. */
  let isolates: RunningFunction[] = [];
  beforeAll(async () => {
    const capped = {
      ...workerEnv,
      SITE_RATE_LIMIT_PER_MINUTE: '4',
      NOTIFICATIONS_PER_10_MINUTES: '2',
    };
    isolates = await Promise.all([
      startEdgeFunction('send-contact-email', capped),
      startEdgeFunction('send-contact-email', capped),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(isolates.map((fn) => fn.stop()));
  });

  let sent = 0;
  /** A spread flood: each request from its own forwarded address, isolates taken in turn. */
  async function post(fields: Record<string, unknown>) {
    sent += 1;
    const fn = isolates[sent % isolates.length]!;
    const response = await fetch(`http://127.0.0.1:${fn.port}/${FUNCTION_NAME}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: SITE_ORIGIN,
        'x-forwarded-for': `203.0.113.${sent}`,
      },
      body: JSON.stringify(validRequest(fields)),
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as { id?: string; error?: string },
    };
  }

  /** Fresh windows for the counters, well inside one minute (windows start on the minute). */
  async function startInFreshWindows() {
    await query('DELETE FROM counters');
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  }

  it('folds duplicates, sends one confirmation per address, withholds notifications past the cap with one alert, and answers 503 past the site budget', async () => {
    await startInFreshWindows();
    const [before] = await query<{ count: string }>('SELECT count(*) FROM leads');
    // The same request twice (a double click): one lead, the same id.
    const first = await post({ email: 'Flood@Victime.example ', message: 'Demande 1' });
    const again = await post({ email: 'Flood@Victime.example ', message: 'Demande 1' });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.id).toBe(first.body.id);
    // Other requests to the same address (case and spaces aside), until the budget of 4 is spent.
    const answers = [];
    for (let i = 2; i <= 6; i += 1) {
      answers.push(await post({ email: 'flood@victime.example', message: `Demande ${i}` }));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 503, 503]);
    for (const refused of answers.slice(3)) {
      expect(refused.retryAfter).toMatch(/^[1-9]\d*$/);
      expect(refused.body.error).toMatch(/^Nous recevons beaucoup de demandes en ce moment\./);
    }

    // Every acknowledged request is stored once.
    const ids = [first.body.id, ...answers.slice(0, 3).map((answer) => answer.body.id)];
    const [after] = await query<{ count: string }>('SELECT count(*) FROM leads');
    expect(Number(after!.count) - Number(before!.count)).toBe(4);
    const rows = await query<{ lead_id: string; kind: string; status: string; reason: string }>(
      `SELECT lead_id, kind, status, coalesce(withheld_reason, '') AS reason FROM outbox
        WHERE lead_id = ANY($1) ORDER BY id`,
      [ids],
    );
    const of = (kind: string) =>
      rows.filter((row) => row.kind === kind).map((row) => [row.status, row.reason]);
    expect(of('confirmation')).toEqual([
      ['pending', ''],
      ['withheld', 'confirmation-recent'],
      ['withheld', 'confirmation-recent'],
      ['withheld', 'confirmation-recent'],
    ]);
    expect(of('notification')).toEqual([
      ['pending', ''],
      ['pending', ''],
      ['withheld', 'notification-flood'],
      ['withheld', 'notification-flood'],
    ]);
    expect(of('alert')).toEqual([['pending', '']]);
  }, 60_000);
});

describe('audience-beacon, the audience count on the same modules', () => {
  const beacon = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${gateway.url}${AUDIENCE_BEACON_PATH}`, {
      method: 'POST',
      // What navigator.sendBeacon sends: text/plain, no apikey, no Authorization.
      headers: {
        'Content-Type': 'text/plain;charset=UTF-8',
        'User-Agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
        ...headers,
      },
      body,
    });

  it('counts views and entries in batches, drops GPC, DNT and robots, refuses 1 KB and more, stores no address', async () => {
    const entry = JSON.stringify({ p: '/contact', e: 1, d: 'mobile', r: 'www.qwant.com' });
    const view = JSON.stringify({ p: '/contact', e: 0, d: 'mobile' });
    expect((await beacon(entry)).status).toBe(204);
    expect((await beacon(view)).status).toBe(204);
    expect((await beacon(view, { 'Sec-GPC': '1' })).status).toBe(204);
    expect((await beacon(view, { DNT: '1' })).status).toBe(204);
    expect((await beacon(view, { 'User-Agent': 'Googlebot/2.1' })).status).toBe(204);
    expect((await beacon('x'.repeat(1025))).status).toBe(413);
    expect((await beacon('{"p":')).status).toBe(400);

    // The isolate writes its aggregate every 5 s.
    let rows: Array<{ page: string; referrer: string; views: number; entries: number }> = [];
    for (let attempt = 0; attempt < 40 && rows.length < 2; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      rows = await query(
        'SELECT page, referrer, views, entries FROM audience_daily ORDER BY referrer',
      );
    }
    expect(rows).toEqual([
      { page: '/contact', referrer: '', views: 1, entries: 0 },
      { page: '/contact', referrer: 'www.qwant.com', views: 1, entries: 1 },
    ]);
    const dump = JSON.stringify(
      await query(
        "SELECT * FROM audience_daily UNION ALL SELECT day, campaign, '', '', entries, entries FROM audience_campaigns",
      ),
    );
    expect(dump).not.toContain('127.0.0.1');
    expect(dump).not.toContain('Mozilla');
  }, 60_000);
});
