import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

import { CACHE_HTML, CACHE_IMMUTABLE, CACHE_OTHER } from './cache-control.ts';

/**
 * The built site, held in memory: every file with its brotli and gzip forms (read from the
 * `.br`/`.gz` files the post-build step wrote, or compressed once at startup).
 */
export interface StaticFile {
  /** URL path, e.g. `/contact/index.html`. */
  urlPath: string;
  contentType: string;
  cacheControl: string;
  etag: string;
  identity: Buffer;
  brotli?: Buffer;
  gzip?: Buffer;
  isHtml: boolean;
}

export interface StaticSite {
  root: string;
  files: ReadonlyMap<string, StaticFile>;
  notFoundPage: StaticFile;
  /** Resolves a request path to the file it serves, or undefined (the caller answers 404). */
  resolve(pathname: string): StaticFile | undefined;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  // A prerendered route's loader data, fetched on client-side navigation (React Router's format).
  '.data': 'text/x-script; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
};

export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.data',
  '.svg',
  '.xml',
  '.txt',
  '.webmanifest',
]);

/** Build artefacts that are never served under their own name. */
const HIDDEN_FILES = new Set(['/__spa-fallback.html', '/404/index.html']);
const NOT_FOUND_FILE = '/404/index.html';

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

function cacheControlFor(urlPath: string, isHtml: boolean): string {
  if (urlPath.startsWith('/assets/')) return CACHE_IMMUTABLE;
  if (isHtml) return CACHE_HTML;
  return CACHE_OTHER;
}

export function loadStaticSite(root: string): StaticSite {
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    throw new Error(`The built site is missing at ${root}: run "npm run build" first.`);
  }
  const files = new Map<string, StaticFile>();
  for (const fullPath of listFiles(root)) {
    const extension = extname(fullPath);
    if (extension === '.br' || extension === '.gz') continue;
    const urlPath = `/${relative(root, fullPath).split(sep).join('/')}`;
    const identity = readFileSync(fullPath);
    const compressible = COMPRESSIBLE_EXTENSIONS.has(extension);
    const isHtml = extension === '.html';
    const file: StaticFile = {
      urlPath,
      contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      // A page's data changes with the page: it is revalidated like the HTML.
      cacheControl: cacheControlFor(urlPath, isHtml || extension === '.data'),
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      identity,
      isHtml,
    };
    if (compressible) {
      file.brotli = existsSync(`${fullPath}.br`)
        ? readFileSync(`${fullPath}.br`)
        : brotliCompressSync(identity, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
          });
      file.gzip = existsSync(`${fullPath}.gz`)
        ? readFileSync(`${fullPath}.gz`)
        : gzipSync(identity, { level: 9 });
    }
    files.set(urlPath, file);
  }
  const notFoundPage = files.get(NOT_FOUND_FILE);
  if (!notFoundPage) {
    throw new Error(`The built site has no ${NOT_FOUND_FILE}: run "npm run build" again.`);
  }

  const resolvePath = (pathname: string): StaticFile | undefined => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    if (decoded.includes('\0') || decoded.split('/').includes('..')) return undefined;
    const candidates = decoded.endsWith('/')
      ? [`${decoded}index.html`]
      : [decoded, `${decoded}/index.html`];
    for (const candidate of candidates) {
      if (HIDDEN_FILES.has(candidate)) continue;
      const file = files.get(candidate);
      if (file) return file;
    }
    return undefined;
  };

  return { root, files, notFoundPage, resolve: resolvePath };
}

export type Encoding = 'br' | 'gzip' | 'identity';

/** Picks the best encoding the client accepts among those the file has. */
export function negotiateEncoding(file: StaticFile, acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number.parseFloat(qParam.slice(2)) : 1;
    accepted.set(name, Number.isFinite(q) ? q : 0);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (file.brotli && allows('br')) return 'br';
  if (file.gzip && allows('gzip')) return 'gzip';
  return 'identity';
}

export function bodyFor(file: StaticFile, encoding: Encoding): Buffer {
  if (encoding === 'br' && file.brotli) return file.brotli;
  if (encoding === 'gzip' && file.gzip) return file.gzip;
  return file.identity;
}
