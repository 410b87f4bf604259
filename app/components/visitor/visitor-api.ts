import type { VisitorRefused } from '#contracts/contact/visitor-api.ts';

/** What a call to the visitor page's API gave. */
export type VisitorAnswer<T> =
  | { status: 'ok'; data: T }
  | { status: 'refused'; httpStatus: number; error: string; fields?: VisitorRefused['fields'] }
  | { status: 'network' };

/**
 * A POST of `body` (the link's token with it) to the visitor page's API: same origin, JSON,
 * never cached. A refusal carries the server's French message.
 */
export async function callVisitorApi<T>(path: string, body: object): Promise<VisitorAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    return { status: 'network' };
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    return { status: 'network' };
  }
  if (response.ok) return { status: 'ok', data: data as T };
  const refused = data as Partial<VisitorRefused>;
  if (typeof refused.error !== 'string') return { status: 'network' };
  return {
    status: 'refused',
    httpStatus: response.status,
    error: refused.error,
    fields: refused.fields,
  };
}
