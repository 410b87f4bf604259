import { Hono } from 'hono';

import { CACHE_NONE } from './http/cache-control.ts';
import type { Logger } from './logger.ts';
import {
  commonSecurityHeaders,
  inlineScriptHashes,
  NON_PAGE_CSP,
  pageCsp,
  type SecurityOptions,
} from './http/security-headers.ts';
import {
  bodyFor,
  negotiateEncoding,
  type StaticFile,
  type StaticSite,
} from './http/static-site.ts';

export interface AppDeps {
  site: StaticSite;
  logger: Logger;
  security: SecurityOptions;
  /** Extra facts for /healthz (storage, outbox backlog…); throwing marks the server unhealthy. */
  healthChecks?: Array<() => Record<string, unknown> | Promise<Record<string, unknown>>>;
  /** Registers further routes (the lead endpoint) before the static catch-all. */
  register?: (app: Hono) => void;
  /**
   * Path prefixes of client-rendered pages (the staff inbox, `/equipe`): never prerendered, they
   * are answered with the SPA fallback page, `no-store` and `noindex`.
   */
  clientRenderedPrefixes?: readonly string[];
}

const SPA_FALLBACK_FILE = '/__spa-fallback.html';

export function createApp(deps: AppDeps): Hono {
  const { site, logger, security } = deps;
  const app = new Hono();
  const common = commonSecurityHeaders(security);

  const cspByFile = new Map<StaticFile, string>();
  for (const file of site.files.values()) {
    if (file.isHtml) {
      cspByFile.set(file, pageCsp(inlineScriptHashes(file.identity.toString('utf8')), security));
    }
  }

  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(common)) c.res.headers.set(name, value);
    if (!c.res.headers.has('Content-Security-Policy')) {
      c.res.headers.set('Content-Security-Policy', NON_PAGE_CSP);
    }
  });

  app.get('/healthz', async (c) => {
    const report: Record<string, unknown> = { status: 'ok' };
    try {
      for (const check of deps.healthChecks ?? []) Object.assign(report, await check());
    } catch (error) {
      logger.error('health_check_failed', { error });
      return c.json({ status: 'error', storage: 'unavailable' }, 503, {
        'Cache-Control': CACHE_NONE,
      });
    }
    return c.json(report, 200, { 'Cache-Control': CACHE_NONE });
  });

  deps.register?.(app);

  const sendFile = (
    file: StaticFile,
    status: 200 | 404,
    request: Request,
    method: string,
  ): Response => {
    const headers = new Headers({
      'Content-Type': file.contentType,
      'Cache-Control': status === 404 ? CACHE_NONE : file.cacheControl,
      ETag: file.etag,
      Vary: 'Accept-Encoding',
    });
    const csp = cspByFile.get(file);
    if (csp) headers.set('Content-Security-Policy', csp);
    if (status === 200 && request.headers.get('if-none-match') === file.etag) {
      return new Response(null, { status: 304, headers });
    }
    const encoding = negotiateEncoding(file, request.headers.get('accept-encoding') ?? undefined);
    const body = bodyFor(file, encoding);
    if (encoding !== 'identity') headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(body.length));
    return new Response(method === 'HEAD' ? null : new Uint8Array(body), { status, headers });
  };

  const fallback = site.files.get(SPA_FALLBACK_FILE);
  const isClientRendered = (path: string) =>
    (deps.clientRenderedPrefixes ?? []).some(
      (prefix) => path === prefix || path.startsWith(`${prefix}/`),
    );

  app.on(['GET', 'HEAD'], '*', (c) => {
    if (fallback && isClientRendered(c.req.path)) {
      const response = sendFile(fallback, 200, c.req.raw, c.req.method);
      response.headers.set('Cache-Control', CACHE_NONE);
      response.headers.set('X-Robots-Tag', 'noindex, nofollow');
      return response;
    }
    const file = site.resolve(c.req.path);
    if (file) return sendFile(file, 200, c.req.raw, c.req.method);
    return sendFile(site.notFoundPage, 404, c.req.raw, c.req.method);
  });

  app.all('*', (c) => c.json({ error: 'Méthode non autorisée.' }, 405, { Allow: 'GET, HEAD' }));

  app.onError((error, c) => {
    logger.error('unhandled_error', { path: c.req.path, error });
    return c.json({ error: 'Une erreur interne est survenue. Veuillez réessayer.' }, 500);
  });

  return app;
}
