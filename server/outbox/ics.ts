/**
 * The calendar invitation of a visitor's chosen slot (ADR 0029): RFC 5545 text, one
 * VEVENT, `METHOD:PUBLISH` for the slot and `METHOD:CANCEL` to withdraw it. The `UID` is stable
 * per request, the `SEQUENCE` rises with each change, and the times are UTC instants (`…Z`), so a
 * calendar shows them right in Europe/Paris on both sides of a daylight-saving change. No
 * dependency: runs on Node and on Deno.
 */

export interface CalendarEvent {
  method: 'PUBLISH' | 'CANCEL';
  /** Stable per request: `<leadId>@<company mail domain>`. */
  uid: string;
  /** `lead.contact.sequence`. */
  sequence: number;
  /** When the invitation was written. */
  stamp: number;
  /** The slot occurrence; a cancellation may have none (the slot is no longer known). */
  start?: number;
  end?: number;
  summary: string;
  description: string;
  organizer: { name: string; email: string };
}

/** The content type of the attachment. */
export function calendarContentType(method: CalendarEvent['method']): string {
  return `text/calendar; method=${method}; charset=UTF-8`;
}

/** `20260327T130000Z` */
function utcStamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545 §3.3.11). */
function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A quoted parameter value (no double quote, no control character allowed). */
function paramValue(value: string): string {
  return `"${value.replace(/["\p{Cc}]/gu, '')}"`;
}

const encoder = new TextEncoder();

/**
 * Folds a content line at 75 octets (RFC 5545 §3.1): the continuation lines start with a space,
 * and a UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      // A continuation line's leading space counts in its 75 octets.
      limit = 74;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The whole calendar object, CRLF line endings. */
export function calendarInvitation(event: CalendarEvent): string {
  const cancel = event.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(event.organizer.name)}//Demandes de contact//FR`,
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    ...(event.start !== undefined ? [`DTSTART:${utcStamp(event.start)}`] : []),
    ...(event.end !== undefined ? [`DTEND:${utcStamp(event.end)}`] : []),
    `STATUS:${cancel ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
