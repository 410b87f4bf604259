import { staffText } from '#app/content/staff.ts';

/**
 * The staff pages' calls to the staff API: same origin, JSON, the session cookie sent by the
 * browser. A refusal becomes a `StaffApiError` carrying the server's French message.
 */
export class StaffApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

async function errorOf(response: Response): Promise<StaffApiError> {
  let message: string = staffText.errors.generic;
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string') message = body.error;
  } catch {
    // Not JSON (a proxy's page): keep the generic message.
  }
  return new StaffApiError(response.status, message);
}

async function call(path: string, body?: unknown, method?: 'PUT' | 'DELETE'): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new StaffApiError(0, staffText.errors.network);
  }
  if (!response.ok) throw await errorOf(response);
  return response;
}

export async function getJson<T>(path: string): Promise<T> {
  return (await (await call(path)).json()) as T;
}

export async function postJson<T>(path: string, body: unknown = {}): Promise<T> {
  return (await (await call(path, body)).json()) as T;
}

/** A PUT (with its JSON body) or a DELETE. */
export async function sendJson<T>(
  method: 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  return (await (await call(path, body, method)).json()) as T;
}
