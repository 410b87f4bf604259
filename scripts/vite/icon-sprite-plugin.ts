/**
 * Vite plugin behind `import spriteUrl from 'virtual:icon-sprite'`: builds the SVG sprite of the
 * icons listed in app/components/ui/icon-names.ts from the icon data lucide-static publishes
 * (`icon-nodes.json`: every icon by name, as `[tag, attributes]` elements) and gives its URL.
 * In a build the sprite is a hashed asset (cached for good, like the scripts); in development it
 * is served from memory.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

import type { Plugin } from 'vite';

import { ICON_NAMES } from '#app/components/ui/icon-names.ts';
import { buildIconSprite, type IconNode } from '#scripts/lib/icon-sprite.ts';

const VIRTUAL_ID = 'virtual:icon-sprite';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const DEV_URL = '/@icon-sprite.svg';

export async function loadIconSprite(): Promise<string> {
  const file = createRequire(import.meta.url).resolve('lucide-static/icon-nodes.json');
  const nodes = JSON.parse(await readFile(file, 'utf8')) as Record<string, IconNode | undefined>;
  const icons = new Map<string, IconNode>();
  for (const name of ICON_NAMES) {
    const node = nodes[name];
    if (!node) throw new Error(`lucide-static has no icon named "${name}"`);
    icons.set(name, node);
  }
  return buildIconSprite(icons);
}

export function iconSprite(): Plugin {
  let serving = false;
  let sprite: Promise<string> | undefined;
  const getSprite = () => (sprite ??= loadIconSprite());
  return {
    name: 'icon-sprite',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (serving) return `export default ${JSON.stringify(DEV_URL)};`;
      const reference = this.emitFile({
        type: 'asset',
        name: 'icons.svg',
        source: await getSprite(),
      });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
    configureServer(server) {
      server.middlewares.use(DEV_URL, (_request, response, next) => {
        getSprite().then((svg) => {
          response.setHeader('Content-Type', 'image/svg+xml');
          response.end(svg);
        }, next);
      });
    },
  };
}
