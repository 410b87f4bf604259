/**
 * A small MIME reader for the tests: enough to read back what nodemailer writes (headers with
 * encoded words, multipart bodies, quoted-printable and base64 parts).
 */
export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

function splitHead(raw: string): { head: string; body: string } {
  const index = raw.search(/\r?\n\r?\n/);
  if (index < 0) return { head: raw, body: '' };
  const separator = raw.slice(index).match(/^\r?\n\r?\n/)?.[0] ?? '\n\n';
  return { head: raw.slice(0, index), body: raw.slice(index + separator.length) };
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeQuotedPrintable(input: string): string {
  const soft = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    const char = soft.charAt(i);
    const hex = soft.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset, encoding: string, text) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text as string, 'base64').toString('utf8')
        : decodeQuotedPrintable((text as string).replace(/_/g, ' ')),
    );
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

function collectParts(raw: string, out: { text: string; html: string }): Map<string, string> {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = contentType.match(/boundary="?([^";]+)"?/i)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectParts(section.replace(/^\r?\n/, ''), out);
    }
  } else {
    const decoded = decodeBody(body, headers.get('content-transfer-encoding'));
    if (/^text\/html/i.test(contentType)) out.html += decoded;
    else if (/^text\/plain/i.test(contentType)) out.text += decoded;
  }
  return headers;
}

export function parseMail(raw: string): ParsedMail {
  const out = { text: '', html: '' };
  const headers = collectParts(raw, out);
  return {
    headers,
    subject: decodeEncodedWords(headers.get('subject') ?? ''),
    text: out.text.replace(/\r\n/g, '\n'),
    html: out.html.replace(/\r\n/g, '\n'),
  };
}
