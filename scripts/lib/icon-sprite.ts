/**
 * One SVG sprite from Lucide icon data: a `<symbol>` per icon, with Lucide's stroke settings, so a
 * page draws an icon with `<svg><use href="sprite.svg#name"/></svg>` instead of repeating its
 * paths in every page and in the JavaScript bundle.
 */

/** Lucide's description of an icon: its child elements as `[tag, attributes]`. */
export type IconNode = readonly (readonly [string, Readonly<Record<string, string | number>>])[];

const SYMBOL_ATTRIBUTES =
  'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

const SHAPES = new Set(['path', 'circle', 'ellipse', 'line', 'polygon', 'polyline', 'rect']);

function element([tag, attributes]: IconNode[number]): string {
  if (!SHAPES.has(tag)) throw new Error(`Unexpected element in icon data: ${tag}`);
  const serialised = Object.entries(attributes)
    // `key` (a React list key in some Lucide packages' data) is not an SVG attribute.
    .filter(([name]) => name !== 'key')
    .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
    .join('');
  return `<${tag}${serialised}/>`;
}

export function buildIconSprite(icons: ReadonlyMap<string, IconNode>): string {
  const symbols = [...icons].map(([name, node]) => {
    if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`Invalid icon name: ${name}`);
    return `<symbol id="${name}" ${SYMBOL_ATTRIBUTES}>${node.map(element).join('')}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}
