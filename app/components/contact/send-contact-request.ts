import { siteConfig } from '#config/site.ts';
import {
  contactEndpointUrl,
  contactPayload,
  type RequestOrigin,
} from '#contracts/contact/lead-contract.ts';
import { CONTACT_FIELDS, type FieldErrors } from '#contracts/contact/fields.ts';
import type { ContactForm } from '#contracts/contact/schema.ts';
import type { CallbackFacts } from '#contracts/contact/callback-time.ts';

/** The endpoint of the reference contract; the same URL works against a hosted Supabase project. */
const contactEndpoint = (): string => contactEndpointUrl(siteConfig.backendUrl);

export type SendResult =
  /**
   * `callback`: when and how the company answers, as the server wrote it
   * (contact/callback-time.ts reads it; not loaded with the page). `earlierLink`: no
   * confirmation e-mail, the earlier one's link opens this request too (ADR 0031).
   */
  | { ok: true; callback: CallbackFacts; earlierLink: boolean }
  /** `fields`: the server's message per field in error (empty when it gave none). */
  | { ok: false; message: string | null; fields: FieldErrors };

interface ReadError {
  message: string | null;
  fields: FieldErrors;
}

function readFields(value: unknown): FieldErrors {
  const fields: FieldErrors = {};
  if (!value || typeof value !== 'object') return fields;
  for (const field of CONTACT_FIELDS) {
    const message: unknown = (value as Record<string, unknown>)[field];
    if (typeof message === 'string' && message.trim()) fields[field] = message;
  }
  return fields;
}

async function readError(response: Response): Promise<ReadError> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'error' in body) {
      const { error } = body;
      const fields = readFields('fields' in body ? body.fields : undefined);
      if (typeof error === 'string' && error.trim()) return { message: error, fields };
      if (error && typeof error === 'object' && 'message' in error) {
        const { message } = error;
        if (typeof message === 'string' && message.trim()) return { message, fields };
      }
      return { message: null, fields };
    }
  } catch {
    // Not JSON (a proxy's HTML error page, an empty body): fall back to the generic message.
  }
  return { message: null, fields: {} };
}

/** What a 200 answer says, as written; nothing when it says nothing (or is no JSON). */
async function readAccepted(
  response: Response,
): Promise<{ callback: CallbackFacts; earlierLink: boolean }> {
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const text = (key: string) => (typeof body?.[key] === 'string' ? body[key] : undefined);
  const recontact = text('recontact');
  return {
    callback: {
      callbackBy: text('callbackBy'),
      callbackFrom: text('callbackFrom'),
      recontact: recontact === 'email' || recontact === 'telephone' ? recontact : undefined,
    },
    earlierLink: body?.earlierLink === true,
  };
}

/**
 * Posts the request the way a Supabase functions client would (JSON body, `apikey` and bearer
 * headers), without shipping that client. Logs and reports failures; never throws.
 */
export async function sendContactRequest(
  form: ContactForm,
  honeypot: string,
  origin: RequestOrigin = {},
): Promise<SendResult> {
  try {
    const response = await fetch(contactEndpoint(), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        apikey: siteConfig.backendAnonKey,
        Authorization: `Bearer ${siteConfig.backendAnonKey}`,
      },
      body: JSON.stringify(contactPayload(form, honeypot, origin)),
    });
    if (response.ok) return { ok: true, ...(await readAccepted(response)) };
    const { message, fields } = await readError(response);
    console.error('Contact request rejected', response.status, message ?? '');
    return { ok: false, message, fields };
  } catch (error) {
    console.error('Contact request failed', error);
    return { ok: false, message: null, fields: {} };
  }
}
