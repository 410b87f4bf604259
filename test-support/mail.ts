import { simpleParser, type AddressObject, type HeaderValue } from 'mailparser';

/**
 * Reads back a message as the tests see it, with `mailparser` (it decodes encoded words,
 * multipart bodies, quoted-printable, base64 and every charset).
 */
export interface ParsedMail {
  /** Lower-case header names; decoded values as text (addresses as `Name <address>`). */
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

function isAddressObject(value: object): value is AddressObject {
  return 'text' in value && 'value' in value && Array.isArray(value.value);
}

function headerText(value: HeaderValue | AddressObject): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toUTCString();
  if (Array.isArray(value)) return value.map((item) => headerText(item)).join(', ');
  if (isAddressObject(value)) return value.text;
  if ('value' in value && typeof value.value === 'string') return value.value;
  return JSON.stringify(value); // List-* headers: not sent by this project
}

export async function parseMail(raw: string | Buffer): Promise<ParsedMail> {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true });
  const headers = new Map<string, string>();
  for (const [name, value] of parsed.headers) headers.set(name, headerText(value));
  return {
    headers,
    subject: parsed.subject ?? '',
    text: (parsed.text ?? '').replace(/\r\n/g, '\n'),
    html: (parsed.html || '').replace(/\r\n/g, '\n'),
  };
}
