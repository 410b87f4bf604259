import { createHash } from 'node:crypto';

/**
 * Security headers sent with every answer. HTML pages get a Content-Security-Policy that allows
 * their own inline scripts by SHA-256 hash (computed from the built file), never 'unsafe-inline'.
 */
export interface SecurityOptions {
  /** Extra origin the pages may post to (a hosted backend), if any. */
  backendOrigin?: string;
  hsts: boolean;
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? '';
    if (body.length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'sync-xhr=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

export function pageCsp(scriptHashes: readonly string[], options: SecurityOptions): string {
  const backend = options.backendOrigin ? ` ${options.backendOrigin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${backend}`,
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    `form-action 'self'${backend}`,
    ...(options.hsts ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** For everything that is not a page (assets, JSON answers): nothing may run or be framed. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export function commonSecurityHeaders(options: SecurityOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Frame-Options': 'DENY',
  };
  if (options.hsts) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}
