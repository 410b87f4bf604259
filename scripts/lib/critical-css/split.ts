/**
 * The site's stylesheet split for one page into the inline CSS and the rest stylesheet: the
 * choice (analyse.ts, cascade-order.ts), then the two sheets written (ADR 0018).
 */
import { analyse } from './analyse.ts';
import { keepCascadeOrder } from './cascade-order.ts';
import {
  isCustomProperty,
  neededProperties,
  resolveValues,
  rootValues,
} from './custom-properties.ts';
import type { PageFacts, SiteClasses } from './page-facts.ts';
import { selectRules, transformCss, WITHOUT_PROPERTY_REGISTRATIONS } from './write.ts';

export interface StylesheetSplit {
  /** What the page inlines: the rules its first paint needs. */
  critical: string;
  /** The rest, requested after the first paint. */
  rest: string;
}

/**
 * The site's stylesheet split for one page: the rules its first paint needs, to inline, and the
 * rest, to request after the first paint. The two, inline first, cascade like the full
 * stylesheet (see keepCascadeOrder), and the rest is built so that its arrival restyles only the
 * elements it has rules for (interaction states, transitions), not the whole page:
 * - it declares nothing on `:root` or on every element (a new custom property there restyles
 *   the whole document): the inline CSS has Tailwind's `@property` fallback whole, and the
 *   theme's custom properties that only the rest uses (and that nothing but `:root` declares)
 *   are written out as values in the rest's rules;
 * - inlined rules keep their custom properties, even those only the rest reads (one arriving
 *   later on an element would restyle its whole subtree);
 * - it repeats no inlined rule (each selector is in one of the two);
 * - it has no `@font-face`, `@property` nor `@keyframes` (the inline CSS has them; see
 *   deferredStylesheet).
 */
export function splitStylesheet(css: string, page: PageFacts, site: SiteClasses): StylesheetSplit {
  const { facts, onRoot, elsewhere, referenced: referencedAnywhere } = analyse(css, page);
  keepCascadeOrder(facts, site);
  const selected = selectRules(css, facts, (rule, s) => rule.critical[s] === true);
  // A theme property that nothing but `:root` declares can be written out in the rest's rules.
  const themeOnly = (name: string) => onRoot.has(name) && !elsewhere.has(name);
  const needed = neededProperties(selected, page, (name) => !themeOnly(name));
  const keep = (name: string) =>
    needed.has(name) ||
    (!themeOnly(name) && (referencedAnywhere.has(name) || page.referencedProperties.has(name)));
  const critical = transformCss(selected, {
    Declaration: {
      custom(property) {
        return !isCustomProperty(property.name) || keep(property.name) ? undefined : [];
      },
    },
    Rule: WITHOUT_PROPERTY_REGISTRATIONS,
  });
  const substituted = new Set([...onRoot].filter((name) => themeOnly(name) && !keep(name)));
  const roots = selectRules(css, facts, (rule) => rule.rootVariables);
  const values = resolveValues(rootValues(roots), substituted);
  const rest = transformCss(
    selectRules(
      css,
      facts,
      (rule, s) => !rule.propertyFallback && !rule.rootVariables && rule.critical[s] === false,
    ),
    {
      Rule: {
        'font-face': () => [],
        property: () => [],
        keyframes: () => [],
      },
      Variable(variable) {
        const value = values.get(variable.name.ident);
        return value === undefined ? undefined : { raw: value };
      },
    },
  );
  for (const name of substituted) {
    if (rest.includes(`var(${name})`) || rest.includes(`var(${name},`)) {
      throw new Error(`${name} is still referenced by the rest stylesheet`);
    }
  }
  return { critical: withLayerOrder(critical, css), rest };
}

/** The names of the cascade layers of `css`, in the order they first appear. */
function layerOrder(css: string): string[] {
  const names: string[] = [];
  for (const [, list = ''] of css.matchAll(/@layer\s*([\w.,\s-]+?)\s*[;{]/g)) {
    for (const name of list.split(',').map((n) => n.trim())) {
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/**
 * The inline CSS, declaring the full stylesheet's layer order first when it would not establish
 * it by itself (a layer it lacks would otherwise be ordered by where the rest first names it).
 */
function withLayerOrder(critical: string, full: string): string {
  const order = layerOrder(full);
  const inline = layerOrder(critical);
  if (order.length === inline.length && order.every((name, i) => inline[i] === name)) {
    return critical;
  }
  return `@layer ${order.join(',')};${critical}`;
}
