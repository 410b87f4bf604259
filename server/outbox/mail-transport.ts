/** A file sent with an e-mail (the calendar invitation). */
export interface MailAttachment {
  filename: string;
  /** With its parameters: `text/calendar; method=PUBLISH; charset=UTF-8`. */
  contentType: string;
  /** The file's text (UTF-8). */
  content: string;
}

/** One e-mail, ready for the transport. */
export interface MailMessage {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
  attachments?: MailAttachment[];
  /**
   * The requests the message lists besides its row's own (the morning digest's lines): the
   * worker checks they still exist right before and after it sends (ADR 0032). Never sent.
   */
  leadIds?: readonly string[];
}

/**
 * What every mail transport offers the outbox worker. This module imports nothing from Node, so
 * the Supabase Edge Function (Deno) can share it with the server.
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'eml' | 'http-api';
  /** Resolves once the message is accepted; rejects with a `TransportError` otherwise. */
  send(message: MailMessage, fileStem: string): Promise<void>;
  /**
   * Removes the copy `send` kept of the message `fileStem` (the `.eml` transport's file), for a
   * message whose request was erased while it was written (ADR 0032). Absent: nothing is kept.
   */
  discard?(fileStem: string): Promise<void>;
  close(): void;
}

/** A failed send, with only what may be logged: a code, never the provider's text. */
export class TransportError extends Error {
  readonly code: string;
  readonly permanent: boolean;
  constructor(code: string, permanent: boolean) {
    super(`mail transport failed (${code})`);
    this.code = code;
    this.permanent = permanent;
  }
}
