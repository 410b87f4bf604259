/**
 * The contact form's validation is imported on demand (app/components/contact/deferred-code.ts,
 * ADR 0011). Vite wraps every dynamic import in its preload helper, which fetches the imported
 * chunk's dependencies in parallel: about 600 bytes (brotli) that the contact page's first load
 * carried for that one import, more than the choice of contact added to it (ADR 0029). Here the
 * chunk is fetched on the visitor's first focus in the form, long before a submit: the browser
 * fetching its few dependencies when it reads it is soon enough. So this plugin unwraps the
 * imports of the chunks named below, and the helper, unused, is dropped by the minifier.
 *
 * It runs on each chunk's code before minification, where Vite wrote the wrap as
 * `__vitePreload(() => import("./name-….js"), __VITE_PRELOAD__)` (deferred-code.ts writes the
 * import alone: Vite wraps `import(…).then(…)` or a destructured import whole). If a wrap is left in the chunk
 * that imports a deferred chunk, the build fails here rather than quietly shipping the helper.
 */
import type { Plugin } from 'vite';

/** The chunks imported on demand without preloading (their file names' prefix). */
const UNWRAPPED_IMPORTS = ['submit-contact'];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `__vitePreload(() => import("./submit-contact-….js"), __VITE_PRELOAD__…)` → the import. */
export function unwrapPreloads(code: string, names: readonly string[] = UNWRAPPED_IMPORTS) {
  const pattern = new RegExp(
    `__vitePreload\\(\\(\\) => (import\\("\\./(?:${names.map(escape).join('|')})-[^"]+\\.js"\\)), __VITE_PRELOAD__[^)]*\\)`,
    'g',
  );
  return code.replace(pattern, '$1');
}

export function deferredImports(): Plugin {
  return {
    name: 'deferred-imports',
    apply: 'build',
    enforce: 'post',
    renderChunk(code) {
      const imports = UNWRAPPED_IMPORTS.map((name) => `import("./${name}-`);
      if (!imports.some((text) => code.includes(text))) return null;
      const unwrapped = unwrapPreloads(code);
      // The chunk that imports a deferred chunk imports nothing else on demand: any wrap left
      // is one this plugin did not recognise.
      if (unwrapped.includes('__vitePreload(')) {
        throw new Error(
          'deferred-imports: a dynamic import is still wrapped in Vite’s preload helper (see scripts/vite/deferred-import.ts)',
        );
      }
      return { code: unwrapped, map: null };
    },
  };
}
