import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * What a reader of the data folder could recover, searched byte by byte: every file under it
 * (the SQLite file, its -wal and -shm, the `.eml` outbox, anything else), each needle in UTF-8
 * and UTF-16 (both byte orders), and, for mail files, also in their decoded forms (quoted-printable
 * bodies, base64 parts, encoded words of the headers), since an e-mail's text may be encoded.
 */
export interface Trace {
  file: string;
  needle: string;
}

function filesUnder(directory: string): string[] {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function utf16(text: string, order: 'le' | 'be'): Buffer {
  const little = Buffer.from(text, 'utf16le');
  return order === 'le' ? little : Buffer.from(little).swap16();
}

/** Quoted-printable decoded (soft line breaks joined), read as bytes. */
function quotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    ),
    'latin1',
  );
}

/** Every run of base64 lines, decoded. */
function base64Blocks(text: string): Buffer[] {
  const blocks = text.match(/(?:^[A-Za-z0-9+/]{8,}={0,2}\r?$\n?)+/gm) ?? [];
  return blocks.map((block) => Buffer.from(block.replace(/\s+/g, ''), 'base64'));
}

/** Headers' encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), decoded in place. */
function encodedWords(text: string): Buffer {
  const decoded = text.replace(
    /=\?[^?]+\?([QqBb])\?([^?]*)\?=/g,
    (_, encoding: string, body: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(body, 'base64').toString('latin1')
        : quotedPrintable(body.replace(/_/g, ' ')).toString('latin1'),
  );
  return Buffer.from(decoded, 'latin1');
}

function views(bytes: Buffer): Buffer[] {
  const text = bytes.toString('latin1');
  return [bytes, quotedPrintable(text), encodedWords(text), ...base64Blocks(text)];
}

/** Every (file, needle) pair where a needle's bytes are found in a file under `directory`. */
export function tracesOf(directory: string, needles: readonly string[]): Trace[] {
  const traces: Trace[] = [];
  for (const file of filesUnder(directory)) {
    const readable = views(readFileSync(file));
    for (const needle of needles) {
      const forms = [Buffer.from(needle, 'utf8'), utf16(needle, 'le'), utf16(needle, 'be')];
      if (readable.some((view) => forms.some((form) => view.includes(form)))) {
        traces.push({ file: relative(directory, file), needle });
      }
    }
  }
  return traces;
}
