import { siteConfig } from '../../../config/site';
import type { ContactForm } from '../../../contact/schema';

/** The endpoint of the reference contract; the same URL works against a hosted Supabase project. */
export function contactEndpoint(backendUrl: string = siteConfig.backendUrl): string {
  return `${backendUrl}/functions/v1/send-contact-email`;
}

export type SendResult = { ok: true } | { ok: false; message: string | null };

/** The JSON body, with exactly the keys the endpoint expects. */
export function contactPayload(form: ContactForm, honeypot: string) {
  return {
    clientType: 'professionnel' as const,
    nom: form.nom,
    prenom: form.prenom,
    adresse: form.adresse,
    telephone: form.telephone,
    email: form.email,
    produit: form.produit,
    message: form.message,
    rgpdConsent: true as const,
    website: honeypot,
  };
}

async function readErrorMessage(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'error' in body) {
      const { error } = body;
      if (typeof error === 'string' && error.trim()) return error;
      if (error && typeof error === 'object' && 'message' in error) {
        const { message } = error;
        if (typeof message === 'string' && message.trim()) return message;
      }
    }
  } catch {
    // Not JSON (a proxy's HTML error page, an empty body): fall back to the generic message.
  }
  return null;
}

/**
 * Posts the request the way a Supabase functions client would (JSON body, `apikey` and bearer
 * headers), without shipping that client. Logs and reports failures; never throws.
 */
export async function sendContactRequest(form: ContactForm, honeypot: string): Promise<SendResult> {
  try {
    const response = await fetch(contactEndpoint(), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        apikey: siteConfig.backendAnonKey,
        Authorization: `Bearer ${siteConfig.backendAnonKey}`,
      },
      body: JSON.stringify(contactPayload(form, honeypot)),
    });
    if (response.ok) return { ok: true };
    const message = await readErrorMessage(response);
    console.error('Contact request rejected', response.status, message ?? '');
    return { ok: false, message };
  } catch (error) {
    console.error('Contact request failed', error);
    return { ok: false, message: null };
  }
}
