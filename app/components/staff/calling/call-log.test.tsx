import { afterEach, describe, expect, it, vi } from 'vitest';

import { STAFF_API } from '#contracts/staff/contract.ts';
import { postCallLog } from './call-log.tsx';

/**
 * The call log's confirmation (ADR 0047): a 409 carrying a colleague's mark is put to the staff
 * member; yes sends the log again with `confirme`, no sends nothing more; another 409 (the
 * e-mail only) is a refusal in its own words.
 */
const QUESTION =
  'Marie Dupont appelle cette personne depuis 14\u00a0h\u00a002. Enregistrer quand même\u00a0?';
const CONFLICT = {
  error: QUESTION,
  appel: { personne: { id: 'marie', name: 'Marie Dupont' }, depuis: 1 },
};
const PAGE = { id: 'lead-1', calls: [] };

function answers(...responses: Response[]) {
  const fetchMock = vi.fn(
    async (_path: string, _init?: RequestInit) =>
      responses.shift() ?? Response.json({}, { status: 500 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const bodies = (fetchMock: ReturnType<typeof answers>) =>
  fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('postCallLog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks, and sends again with confirme when the answer is yes', async () => {
    const fetchMock = answers(Response.json(CONFLICT, { status: 409 }), Response.json(PAGE));
    const ask = vi.fn(async () => true);
    expect(await postCallLog('lead-1', { outcome: 'joint' }, ask)).toEqual(PAGE);
    expect(ask).toHaveBeenCalledWith(QUESTION);
    expect(fetchMock).toHaveBeenCalledWith(STAFF_API.call('lead-1'), expect.anything());
    expect(bodies(fetchMock)).toEqual([{ outcome: 'joint' }, { outcome: 'joint', confirme: true }]);
  });

  it('sends nothing more when the answer is no', async () => {
    const fetchMock = answers(Response.json(CONFLICT, { status: 409 }));
    expect(await postCallLog('lead-1', { outcome: 'joint' }, async () => false)).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('throws another refusal in its words, without asking', async () => {
    const emailOnly = 'Cette personne a demandé à être recontactée par e-mail uniquement.';
    answers(Response.json({ error: emailOnly }, { status: 409 }));
    const ask = vi.fn(async () => true);
    await expect(postCallLog('lead-1', { outcome: 'joint' }, ask)).rejects.toThrow(emailOnly);
    expect(ask).not.toHaveBeenCalled();
  });
});
