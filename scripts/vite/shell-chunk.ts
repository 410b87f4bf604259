/**
 * One chunk for what every page loads anyway: the modules that the root route (app/root.tsx)
 * and the client entry import, directly or not, statically. Left to the bundler, they are split
 * into a dozen small chunks, because route chunks share some of them; but the root route and the
 * client entry run on every page, so grouping their imports makes no page load a byte it did not
 * load before. It makes the home page 9 module requests instead of 16: fewer requests for the
 * loader to start after the first paint (each costs the main thread a few ms on a slow phone),
 * and fewer module records to link (ADR 0017).
 *
 * The shell chunk also starts with V8's compile hint (`//# allFunctionsCalledOnLoad`, Chromium
 * 136+, ignored elsewhere): nearly all of it runs while the page hydrates, so its functions are
 * compiled on a background thread while it downloads, instead of one by one on the main thread
 * when first called.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** The part of Rolldown's chunking context this uses. */
export interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

export const SHELL_CHUNK = 'shell';

/** V8's explicit compile hint for a whole file; it must be the file's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Rolldown's `postBanner` (after minification, which would drop the comment): the hint. */
export function shellChunkBanner(chunk: { name: string }): string {
  return chunk.name === SHELL_CHUNK ? COMPILE_HINT : '';
}

function clientEntry(root: string): string {
  const own = resolve(root, 'app/entry.client.tsx');
  return existsSync(own)
    ? own
    : resolve(root, 'node_modules/@react-router/dev/dist/config/defaults/entry.client.tsx');
}

/** The static import closure of `starts`, without them. */
export function staticClosure(graph: ModuleGraph, starts: readonly string[]): Set<string> {
  const closure = new Set<string>();
  const pending = [...starts];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (closure.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    closure.add(id);
    pending.push(...info.importedIds);
  }
  for (const start of starts) closure.delete(start);
  return closure;
}

/** Rolldown's `codeSplitting.groups` entry that puts the shell's modules in one chunk. */
export function shellChunkGroup(root = process.cwd()) {
  const starts = [resolve(root, 'app/root.tsx'), clientEntry(root)];
  let graph: ModuleGraph | undefined;
  let shell = new Set<string>();
  return {
    name(id: string, ctx: ModuleGraph): string | null {
      // One closure per chunking pass (the client and the server builds each have theirs).
      if (ctx !== graph) {
        graph = ctx;
        shell = staticClosure(ctx, starts);
      }
      return shell.has(id) ? SHELL_CHUNK : null;
    },
  };
}
