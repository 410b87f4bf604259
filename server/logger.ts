/**
 * Structured JSON logs on stdout/stderr, one object per line. Callers pass identifiers and
 * statuses only: never a visitor's name, e-mail, phone or message.
 *
 * Errors may carry personal data in their text all the same: `JSON.parse` quotes the input it
 * refused, a mail server's refusal echoes the address. So an `Error` in the fields is written
 * as its name, code, message and stack frames only (never its other properties, such as
 * nodemailer's `response`), with e-mail addresses, phone numbers and quoted text masked. Under
 * the `error` key, a string is masked the same way and any other thrown value is described,
 * never dumped.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
type Threshold = LogLevel | 'silent';

const order: Record<Threshold, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface Logger {
  debug(event: string, fields?: Record<string, unknown>): void;
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export interface SerializedError {
  name: string;
  message: string;
  code?: string | number;
  /** The stack frames (`at …` lines): code locations only, never data. */
  stack?: string[];
  cause?: SerializedError;
}

const EMAIL = /[^\s<>()[\]"',;:@]+@[^\s<>()[\]"',;:@]+/g;
/** French numbers (06 12 34 56 78, +33 6 12…) and any run of 9 or more digits. */
const PHONE = /(?:\+\d{2}[\s.-]?|\b0)[1-9](?:[\s.-]?\d{2}){4}\b|\d{9,}/g;
/**
 * Quoted text: what JSON.parse echoes of its input, values quoted by drivers. Greedy, from the
 * first to the last quote of a line, since the quoted input may itself hold quotes.
 */
const QUOTED = /"[^\n]*"|«[^\n]*»|“[^\n]*”|'[^'\n]{2,}'/g;

/** Masks what could be personal data in a text meant for the logs. */
export function redact(text: string): string {
  return text
    .replace(QUOTED, (quoted) => `${quoted[0]}…${quoted[quoted.length - 1]}`)
    .replace(EMAIL, '[email]')
    .replace(PHONE, '[phone]');
}

function stackFrames(stack: unknown): string[] | undefined {
  if (typeof stack !== 'string') return undefined;
  // The stack starts with "Name: message" (possibly several lines): keep only the frames.
  const frames = stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .map((line) => line.trim());
  return frames.length > 0 ? frames : undefined;
}

export function serializeError(value: unknown, depth = 0): SerializedError {
  if (!(value instanceof Error)) {
    const message =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? redact(String(value))
        : `a thrown ${value === null ? 'null' : typeof value}`;
    return { name: 'NonError', message };
  }
  const serialized: SerializedError = { name: value.name, message: redact(value.message) };
  const code = (value as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') serialized.code = code;
  const stack = stackFrames(value.stack);
  if (stack) serialized.stack = stack;
  if (value.cause !== undefined && depth < 3)
    serialized.cause = serializeError(value.cause, depth + 1);
  return serialized;
}

function safeFields(fields: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!fields) return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'error')
      out[key] = typeof value === 'string' ? redact(value) : serializeError(value);
    else out[key] = value instanceof Error ? serializeError(value) : value;
  }
  return out;
}

export function createLogger(threshold: Threshold = 'info'): Logger {
  const write = (level: LogLevel, event: string, fields?: Record<string, unknown>) => {
    if (order[level] < order[threshold]) return;
    const line = JSON.stringify({
      time: new Date().toISOString(),
      level,
      event,
      ...safeFields(fields),
    });
    if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
    else process.stdout.write(`${line}\n`);
  };
  return {
    debug: (event, fields) => write('debug', event, fields),
    info: (event, fields) => write('info', event, fields),
    warn: (event, fields) => write('warn', event, fields),
    error: (event, fields) => write('error', event, fields),
  };
}
