/**
 * Moves what a prerendered page does not need for its first paint to just after it: the rest of
 * its stylesheet (the page carries its critical CSS inline; ADR 0018) and React Router's
 * hydration scripts (its `<link rel="modulepreload">` list and its inline module script). See
 * ADR 0010.
 *
 * The root renders an empty `<script data-after-first-paint="/assets/app-….css">` placeholder
 * (app/components/site-styles.tsx); this post-build step:
 * - removes the page's `<link rel="modulepreload">` links and keeps their URLs;
 * - turns React Router's `<script type="module" async>` into an inert data block of type
 *   AFTER_PAINT_MODULE_TYPE (hydration matches an inline script by position, not by type);
 * - fills the placeholder with a loader that waits for the first contentful paint, then requests
 *   the stylesheet, then every module at once (no waterfall: the full list is known), then runs a
 *   copy of the module script. The copy has the same text, so the CSP hash of the original allows
 *   it. The three steps are three tasks: together they took 10-17 ms of a 2-core machine's main
 *   thread, a long task at a phone's speed; apart, none is (ADR 0019).
 *
 * Pages that render nothing before hydration (React Router's SPA fallback) keep their scripts as
 * they are: their loader only requests the stylesheet.
 */

/** The type that makes React Router's module script inert until the loader runs a copy. */
export const AFTER_PAINT_MODULE_TYPE = 'text/x-after-first-paint';

/**
 * Safety net: the loader goes ahead after this long even without a contentful paint (a page
 * opened in a background tab paints only when shown).
 */
export const FALLBACK_DELAY_MS = 3000;

const PLACEHOLDER = /<script data-after-first-paint="(\/assets\/[\w.-]+\.css)"><\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT = '<script type="module" async="">';

function stylesheetOnlyLoader(stylesheet: string): string {
  return `(function(){var l=document.createElement("link");l.rel="stylesheet";l.href=${JSON.stringify(stylesheet)};document.head.appendChild(l)})()`;
}

const ASSET_PREFIX = '/assets/';
const MODULE_SUFFIX = '.js';

/**
 * The loader's source, hand-minified (it is in every page and counts against the first round
 * trip); its inputs are JSON literals, the module names without their common prefix and suffix.
 * Browsers without paint timing (none released since 2021) load everything at once, as if there
 * were no loader.
 */
function afterPaintLoader(stylesheet: string, modules: readonly string[]): string {
  const names = modules.map((url) => {
    if (!url.startsWith(ASSET_PREFIX) || !url.endsWith(MODULE_SUFFIX)) {
      throw new Error(`unexpected module URL ${url}`);
    }
    return url.slice(ASSET_PREFIX.length, -MODULE_SUFFIX.length);
  });
  const args = [stylesheet, names, FALLBACK_DELAY_MS].map((value) => JSON.stringify(value));
  return [
    '(function(s,m,f){var d=document,h=d.head,g,P=window.PerformanceObserver;',
    'function a(r,u){var l=d.createElement("link");l.rel=r;l.href=u;h.append(l)}',
    'function x(){var c=d.createElement("script");c.type="module";',
    `c.text=d.querySelector('[type="${AFTER_PAINT_MODULE_TYPE}"]').text;h.append(c)}`,
    'function go(){if(!g){g=1;a("stylesheet",s);setTimeout(function(){',
    `m.forEach(function(n){a("modulepreload","${ASSET_PREFIX}"+n+"${MODULE_SUFFIX}")});`,
    'setTimeout(function(){d.readyState=="loading"?d.addEventListener("DOMContentLoaded",x):x()})})}}',
    'if(P&&(P.supportedEntryTypes||[]).indexOf("paint")>=0){',
    'new P(function(l){l.getEntriesByName("first-contentful-paint").length&&setTimeout(go)})',
    '.observe({type:"paint",buffered:!0});setTimeout(go,f)}else go()',
    `})(${args.join(',')})`,
  ].join('');
}

export interface DeferResult {
  html: string;
  /** How many module URLs the loader requests after the first paint (0: left as they were). */
  modules: number;
}

/**
 * Rewrites one built page. `renderedBeforeHydration` is false for a page with nothing to paint
 * before its scripts run (the SPA fallback). Throws when the page does not have the expected
 * shape, so a change in React Router's output stops the build instead of shipping a page that
 * never hydrates.
 */
export function deferUntilFirstPaint(
  html: string,
  { renderedBeforeHydration }: { renderedBeforeHydration: boolean },
): DeferResult {
  const placeholders = [...html.matchAll(PLACEHOLDER)];
  if (placeholders.length !== 1) {
    throw new Error(`expected one after-first-paint placeholder, found ${placeholders.length}`);
  }
  const stylesheet = placeholders[0]?.[1] ?? '';
  // The filled script drops its marker attribute: the loader names the stylesheet.
  const fill = (loader: string) => html.replace(PLACEHOLDER, () => `<script>${loader}</script>`);
  if (!renderedBeforeHydration) {
    return { html: fill(stylesheetOnlyLoader(stylesheet)), modules: 0 };
  }
  const modules = [...new Set([...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? ''))];
  const scripts = html.split(MODULE_SCRIPT).length - 1;
  if (modules.length === 0 || scripts !== 1) {
    throw new Error(
      `expected module preloads and one module script, found ${modules.length} and ${scripts}`,
    );
  }
  const rewritten = fill(afterPaintLoader(stylesheet, modules))
    .replace(MODULE_PRELOAD, '')
    .replace(MODULE_SCRIPT, `<script type="${AFTER_PAINT_MODULE_TYPE}">`);
  return { html: rewritten, modules: modules.length };
}
