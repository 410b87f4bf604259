/**
 * Post-build steps on build/client:
 * - warn about an expired RGE certificate in the config;
 * - inline into every page the CSS rules its first paint needs (see scripts/lib/critical-css/);
 * - move the full stylesheet and the hydration scripts after the first paint
 *   (scripts/lib/after-first-paint.ts);
 * - write sitemap.xml and robots.txt from the route list;
 * - record the settings the pages were built with (build-settings.json: the server compares its
 *   BACKEND_URL with the baked one at startup);
 * - precompress every text asset (brotli and gzip) so the server never compresses on a request.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

import { publicPaths } from '#app/routes-list.ts';
import { BUILD_RECORD_FILE, buildRecord, parseBuildEnv } from '#config/build-env.ts';
import { formatFrenchDate, isRgeExpired, siteConfig } from '#config/site.ts';
import { COMPRESSIBLE_EXTENSIONS } from '#server/http/static-site.ts';
import { deferUntilFirstPaint } from './lib/after-first-paint.ts';
import {
  deferredStylesheet,
  fontFaces,
  pageFacts,
  siteClasses,
  splitStylesheet,
} from './lib/critical-css/index.ts';

const CLIENT_DIR = join(process.cwd(), 'build', 'client');

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

function precompress(): number {
  let count = 0;
  for (const file of listFiles(CLIENT_DIR)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(extname(file))) continue;
    const content = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    count += 1;
  }
  return count;
}

/** React Router's page for client-rendered paths: nothing to paint before its scripts run. */
const SPA_FALLBACK_FILE = '__spa-fallback.html';

const INLINE_CSS_PLACEHOLDER = /<style data-inline-css="(\/assets\/[\w.-]+\.css)"><\/style>/g;
const AFTER_PAINT_STYLESHEET = /<script data-after-first-paint="(\/assets\/[\w.-]+\.css)">/;

/** `/assets/app-x.css` → `/assets/app-x-rest-<hash of the rest>.css`. */
function restHref(href: string, rest: string): string {
  const hash = createHash('sha256').update(rest).digest('base64url').slice(0, 10);
  return href.replace(/\.css$/, `-rest-${hash}.css`);
}

/**
 * Fills each page's stylesheet placeholder with the CSS rules its first paint needs, writes the
 * rest of the stylesheet for that page (pages with the same rest share one file) and points the
 * page's after-first-paint loader at it. The SPA fallback paints nothing before its scripts run:
 * it keeps the full stylesheet after its inline CSS (the two together cascade like the full one).
 */
function inlineCriticalCss(): { pages: number; rests: number } {
  const stylesheets = new Map<string, string>();
  const rests = new Set<string>();
  const files = listFiles(CLIENT_DIR).filter((file) => extname(file) === '.html');
  const site = siteClasses(files.map((file) => readFileSync(file, 'utf8')));
  let pages = 0;
  for (const file of files) {
    const html = readFileSync(file, 'utf8');
    const facts = pageFacts(html);
    let rest: string | undefined;
    const replaced = html.replace(INLINE_CSS_PLACEHOLDER, (_match, href: string) => {
      let css = stylesheets.get(href);
      if (css === undefined) {
        css = readFileSync(join(CLIENT_DIR, href), 'utf8');
        stylesheets.set(href, css);
      }
      const split = splitStylesheet(css, facts, site);
      if (!file.endsWith(SPA_FALLBACK_FILE)) {
        rest = restHref(href, split.rest);
        if (!rests.has(rest)) writeFileSync(join(CLIENT_DIR, rest), split.rest);
        rests.add(rest);
      }
      const critical = split.critical.replace(/<\/style/gi, '<\\/style');
      return `<style data-inline-css="${href}">${critical}</style>`;
    });
    if (replaced === html) continue;
    const restFile = rest;
    if (restFile !== undefined && !AFTER_PAINT_STYLESHEET.test(replaced)) {
      throw new Error(`${file}: no after-first-paint loader to point at ${restFile}`);
    }
    writeFileSync(
      file,
      restFile === undefined
        ? replaced
        : replaced.replace(AFTER_PAINT_STYLESHEET, `<script data-after-first-paint="${restFile}">`),
    );
    pages += 1;
  }
  return { pages, rests: rests.size };
}

/**
 * Rewrites each inlined stylesheet as `deferredStylesheet` (without the font faces and property
 * registrations the pages already have), after checking that every page inlining it declares
 * all of its font faces: a page without them would otherwise paint with a fallback font.
 */
function slimDeferredStylesheets(): number {
  const stylesheets = new Map<string, { css: string; faces: string }>();
  for (const file of listFiles(CLIENT_DIR)) {
    if (extname(file) !== '.html') continue;
    for (const [, href = '', inline = ''] of readFileSync(file, 'utf8').matchAll(INLINED_CSS)) {
      let stylesheet = stylesheets.get(href);
      if (stylesheet === undefined) {
        const css = readFileSync(join(CLIENT_DIR, href), 'utf8');
        stylesheet = { css, faces: fontFaces(css) };
        stylesheets.set(href, stylesheet);
      }
      if (fontFaces(inline) !== stylesheet.faces) {
        throw new Error(`${file}: its inline CSS lacks font faces of ${href}`);
      }
    }
  }
  for (const [href, { css }] of stylesheets) {
    writeFileSync(join(CLIENT_DIR, href), deferredStylesheet(css));
  }
  return stylesheets.size;
}

const INLINED_CSS = /<style data-inline-css="(\/assets\/[\w.-]+\.css)">(.*?)<\/style>/gs;

/** Defers each page's stylesheet request and hydration to after its first paint. */
function deferAfterFirstPaint(): { pages: number; modules: number } {
  let pages = 0;
  let modules = 0;
  for (const file of listFiles(CLIENT_DIR)) {
    if (extname(file) !== '.html') continue;
    const html = readFileSync(file, 'utf8');
    try {
      const result = deferUntilFirstPaint(html, {
        renderedBeforeHydration: !file.endsWith(SPA_FALLBACK_FILE),
      });
      writeFileSync(file, result.html);
      pages += 1;
      modules = Math.max(modules, result.modules);
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`);
    }
  }
  return { pages, modules };
}

function writeSitemapAndRobots() {
  const urls = publicPaths()
    .map((path) => `  <url><loc>${siteConfig.siteUrl}${path}</loc></url>`)
    .join('\n');
  writeFileSync(
    join(CLIENT_DIR, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
  );
  writeFileSync(
    join(CLIENT_DIR, 'robots.txt'),
    `User-agent: *\nAllow: /\n\nSitemap: ${siteConfig.siteUrl}/sitemap.xml\n`,
  );
}

if (isRgeExpired(siteConfig, new Date())) {
  console.warn(
    `WARNING: the RGE certificate in config/site.ts was valid until ${formatFrenchDate(siteConfig.rge.validUntil)}; ` +
      'update rge.validUntil before publishing.',
  );
}
// Same environment as the Vite build that just baked these settings (npm run build runs both).
writeFileSync(
  join(CLIENT_DIR, BUILD_RECORD_FILE),
  `${JSON.stringify(buildRecord(parseBuildEnv(process.env)))}\n`,
);
const inlined = inlineCriticalCss();
slimDeferredStylesheets();
const deferred = deferAfterFirstPaint();
writeSitemapAndRobots();
const compressed = precompress();
console.log(
  `postbuild: critical CSS inlined into ${inlined.pages} pages (${inlined.rests} rest ` +
    'stylesheets); stylesheet and hydration after the ' +
    `first paint on ${deferred.pages} pages (at most ${deferred.modules} modules); ` +
    'sitemap.xml and robots.txt written',
);
writeFileSync(join(process.cwd(), 'build', '.build-stamp'), new Date().toISOString());
console.log(`postbuild: precompressed ${compressed} files (brotli, gzip)`);
