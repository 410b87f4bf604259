/**
 * Structured JSON logs on stdout/stderr, one object per line. Callers pass identifiers and
 * statuses only: never a visitor's name, e-mail, phone or message.
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

export function createLogger(threshold: Threshold = 'info'): Logger {
  const write = (level: LogLevel, event: string, fields?: Record<string, unknown>) => {
    if (order[level] < order[threshold]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
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
