/**
 * Per-page critical CSS: the site's stylesheet split, for one prerendered page, into the rules
 * that can style its first paint, which the post-build step inlines, and the rest of them, which
 * the page requests right after its first paint (scripts/lib/after-first-paint.ts, ADR 0010) for
 * interactive states, scripted states and client-side navigation. See splitStylesheet and ADR 0018.
 *
 * A rule is kept when one of its selectors can match the page as first painted:
 * - every class it requires appears in the page's HTML;
 * - every element type it names appears in the page;
 * - it needs no user interaction (`:hover`, `:focus…`, `:active`): those states come with the
 *   rest, which arrives before anyone can point at or tab to anything;
 * - form-control pseudo-elements (`::placeholder`, `::-webkit-…`) only on pages with form controls;
 * - it sets more than transitions (a transition only plays when something changes), or it sets
 *   a custom property (inherited: arriving later, it would restyle a whole subtree);
 * - or it must come before an inlined rule to keep the cascade (keepCascadeOrder).
 * Every `@property` registration is dropped: Tailwind's fallback for browsers without
 * `@property` (one rule giving every element the initial values, inside an `@supports` test) is
 * inlined whole and unconditional instead; the registrations only matter to animate those
 * properties, which nothing here does. The theme's custom properties that no inlined rule uses
 * are dropped too, and written out in the rest's rules.
 */
import {
  type Declaration,
  type Rule,
  type Selector,
  type SelectorComponent,
  transform,
} from 'lightningcss';

import { conflictKeys, sameSpecificity, type Specificity, specificity } from './css-cascade';

const HTML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

function decodeEntities(value: string): string {
  return value.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (e) => HTML_ENTITIES[e] ?? e);
}

/** What the post-build step knows about one built page, outside its `hidden` elements. */
export interface PageFacts {
  /** Class tokens of the `class="…"` attributes. */
  classes: ReadonlySet<string>;
  /** Lower-case element names. */
  elements: ReadonlySet<string>;
  /** Custom properties the markup itself references in `style` attributes. */
  referencedProperties: ReadonlySet<string>;
}

/** Every class token used in `class="…"` attributes of an HTML document. */
export function classesInHtml(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const token of decodeEntities(match[1] ?? '').split(/\s+/)) if (token) classes.add(token);
  }
  return classes;
}

const OPENING_TAG =
  /<([a-zA-Z][\w-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/;
const ATTRIBUTE = /\s+([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
const VOID_ELEMENTS = new Set(
  'area base br col embed hr img input link meta source track wbr'.split(' '),
);

/** `hidden`, but not `hidden="until-found"` (find-in-page can reveal that content). */
function hasHiddenAttribute(attributes: string): boolean {
  return [...attributes.matchAll(ATTRIBUTE)].some(
    ([, name, ...values]) =>
      name?.toLowerCase() === 'hidden' && values.find((v) => v !== undefined) !== 'until-found',
  );
}

/** Where the element opened at `start` ends (after its closing tag); the end of `html` if never. */
function elementEnd(html: string, name: string, start: number, openingEnd: number): number {
  if (VOID_ELEMENTS.has(name)) return openingEnd;
  const tags = new RegExp(`<(/?)${name}\\b[^>]*>`, 'gi');
  tags.lastIndex = start;
  let depth = 0;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[1] ? -1 : 1;
    if (depth === 0) return tags.lastIndex;
  }
  return html.length;
}

/**
 * The document without the elements carrying the `hidden` attribute (closed menus, React's
 * streaming buffers): nothing in them is painted, so none of their styles are critical.
 */
export function withoutHiddenElements(html: string): string {
  const openingTags = new RegExp(OPENING_TAG.source, 'g');
  let visible = '';
  let position = 0;
  for (let match = openingTags.exec(html); match; match = openingTags.exec(html)) {
    if (!hasHiddenAttribute(match[2] ?? '')) continue;
    const name = (match[1] ?? '').toLowerCase();
    visible += html.slice(position, match.index);
    position = elementEnd(html, name, match.index, openingTags.lastIndex);
    openingTags.lastIndex = position;
  }
  return visible + html.slice(position);
}

export function pageFacts(document: string): PageFacts {
  const html = withoutHiddenElements(document);
  const elements = new Set<string>();
  for (const [, name = ''] of html.matchAll(/<([a-zA-Z][\w-]*)/g)) elements.add(name.toLowerCase());
  const referencedProperties = new Set<string>();
  for (const match of html.matchAll(/\sstyle="([^"]*)"/g)) {
    for (const [, name = ''] of decodeEntities(match[1] ?? '').matchAll(/var\(\s*(--[\w-]+)/g)) {
      referencedProperties.add(name);
    }
  }
  return { classes: classesInHtml(html), elements, referencedProperties };
}

const INTERACTION_PSEUDO_CLASSES = new Set([
  'hover',
  'active',
  'focus',
  'focus-visible',
  'focus-within',
]);
const FORM_CONTROLS = ['input', 'select', 'textarea'];
/** Pseudo-elements that exist on any element; the others belong to form controls. */
const GENERIC_PSEUDO_ELEMENTS = new Set(['before', 'after', 'backdrop', 'marker', 'selection']);

/** Selectors nested in `:is()`, `:where()`, `:has()`; not `:not()`, which negates them. */
function nestedSelectors(component: SelectorComponent): Selector[] {
  if (component.type !== 'pseudo-class') return [];
  switch (component.kind) {
    case 'is':
    case 'where':
    case 'any':
    case 'has':
      return component.selectors;
    default:
      return [];
  }
}

function needsInteraction(selector: Selector): boolean {
  return selector.some((component) => {
    if (component.type === 'pseudo-class') {
      if (INTERACTION_PSEUDO_CLASSES.has(component.kind)) return true;
      // Firefox's focus ring (`:-moz-focusring`) is an interaction state too.
      if (component.kind === 'custom' && component.name === '-moz-focusring') return true;
    }
    return nestedSelectors(component).some(needsInteraction);
  });
}

/**
 * Whether the selector can match the page as first painted. Classes and element types inside
 * `:not()`, `:where()` and `:is()` are ignored (conservative: such rules are kept).
 */
function canMatch(selector: Selector, page: PageFacts, hasFormControls: boolean): boolean {
  if (needsInteraction(selector)) return false;
  return selector.every((component) => {
    switch (component.type) {
      case 'class':
        return page.classes.has(component.name);
      case 'type':
        return page.elements.has(component.name.toLowerCase());
      case 'pseudo-element':
        return hasFormControls || GENERIC_PSEUDO_ELEMENTS.has(component.kind);
      case 'pseudo-class':
        return (
          hasFormControls || !(component.kind === 'custom' && component.name === '-moz-ui-invalid')
        );
      default:
        return true;
    }
  });
}

/** Names of the custom properties referenced with `var()` anywhere inside a parsed value. */
function variableReferences(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) variableReferences(item, into);
  } else if (value !== null && typeof value === 'object') {
    const node = value as { type?: unknown; value?: { name?: { ident?: unknown } } };
    const ident = node.value?.name?.ident;
    if (node.type === 'var' && typeof ident === 'string') into.add(ident);
    for (const child of Object.values(value)) variableReferences(child, into);
  }
  return into;
}

function isCustomProperty(name: string): boolean {
  return name.startsWith('--');
}

/**
 * Custom properties the stylesheet needs: referenced outside custom properties, or by one that
 * is kept anyway (`alwaysKept`), transitively.
 */
function neededProperties(
  css: string,
  page: PageFacts,
  alwaysKept: (name: string) => boolean,
): Set<string> {
  const roots = new Set(page.referencedProperties);
  const dependencies = new Map<string, Set<string>>();
  transform({
    filename: 'critical.css',
    code: Buffer.from(css),
    errorRecovery: true,
    visitor: {
      Declaration(declaration) {
        // lightningcss also files the properties it does not parse (e.g. `content`) as 'custom'.
        if (declaration.property === 'custom' && isCustomProperty(declaration.value.name)) {
          const { name, value } = declaration.value;
          const deps = dependencies.get(name) ?? new Set<string>();
          variableReferences(value, deps);
          dependencies.set(name, deps);
          if (alwaysKept(name)) variableReferences(value, roots);
        } else {
          variableReferences(declaration.value, roots);
        }
      },
    },
  });
  const needed = new Set<string>();
  const pending = [...roots];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (needed.has(name)) continue;
    needed.add(name);
    pending.push(...(dependencies.get(name) ?? []));
  }
  return needed;
}

const TRANSITION_PROPERTIES = new Set([
  'transition',
  'transition-property',
  'transition-duration',
  'transition-timing-function',
  'transition-delay',
  'transition-behavior',
]);
/** Tailwind's custom properties that only feed transition declarations. */
const TRANSITION_VARIABLES = new Set(['--tw-duration', '--tw-ease']);

function onlySetsTransitions(declarations: Declaration[]): boolean {
  return (
    declarations.length > 0 &&
    declarations.every((declaration) => {
      if (declaration.property === 'custom')
        return TRANSITION_VARIABLES.has(declaration.value.name);
      const name =
        declaration.property === 'unparsed'
          ? declaration.value.propertyId.property
          : declaration.property;
      return TRANSITION_PROPERTIES.has(name);
    })
  );
}

/** Tailwind's `@property` fallback: style rules that only set its `--tw-` custom properties. */
function isPropertyFallback(rules: Rule[]): boolean {
  return (
    rules.length > 0 &&
    rules.every((rule) => {
      if (rule.type !== 'style') return false;
      const { declarations = [], importantDeclarations = [] } = rule.value.declarations ?? {};
      return (
        importantDeclarations.length === 0 &&
        declarations.length > 0 &&
        declarations.every(
          (declaration) =>
            declaration.property === 'custom' && declaration.value.name.startsWith('--tw-'),
        )
      );
    })
  );
}

function transformCss(css: string, visitor: Parameters<typeof transform>[0]['visitor']): string {
  return transform({
    filename: 'critical.css',
    code: Buffer.from(css),
    minify: true,
    errorRecovery: true,
    visitor,
  }).code.toString();
}

/** What the post-build step knows about one style rule of the stylesheet, in source order. */
interface RuleFacts {
  /** The cascade layer it is in ('' outside any); anonymous layers each get their own name. */
  layer: string;
  specificities: Specificity[];
  /** Per selector: what its subject (rightmost compound) requires. */
  subjects: Subject[];
  /** The longhands it sets (see css-cascade.ts). */
  keys: Set<string>;
  /** Per selector: inlined (true) or left to the rest stylesheet. */
  critical: boolean[];
  /** Part of Tailwind's fallback for `@property`: always inlined, whole. */
  propertyFallback: boolean;
  /** Only custom properties, on `:root` / `:host` (Tailwind's theme). */
  rootVariables: boolean;
}

function isRootSelector(selector: Selector): boolean {
  return (
    selector.length === 1 &&
    selector[0]?.type === 'pseudo-class' &&
    (selector[0].kind === 'root' || selector[0].kind === 'host')
  );
}

/** What one walk through the stylesheet tells the split. */
interface Analysis {
  /** Per style rule, in source order (see RuleFacts). */
  facts: RuleFacts[];
  /** Custom properties declared by the theme's `:root` rules. */
  onRoot: Set<string>;
  /** Custom properties declared by any other rule. */
  elsewhere: Set<string>;
  /** Custom properties referenced with `var()` in any declaration. */
  referenced: Set<string>;
}

/**
 * Which selector of which rule the page inlines: those that can match its first paint, then
 * every one that must come before an inlined one to keep the stylesheet's cascade (below); and
 * where the stylesheet declares and references its custom properties.
 */
function analyse(css: string, page: PageFacts, site: SiteClasses): Analysis {
  const hasFormControls = FORM_CONTROLS.some((name) => page.elements.has(name));
  const facts: RuleFacts[] = [];
  const onRoot = new Set<string>();
  const elsewhere = new Set<string>();
  const referenced = new Set<string>();
  const layers: string[] = [];
  let anonymousLayers = 0;
  let fallbackDepth = 0;
  transform({
    filename: 'site.css',
    code: Buffer.from(css),
    errorRecovery: true,
    visitor: {
      Rule: {
        'layer-block'(rule) {
          anonymousLayers += rule.value.name ? 0 : 1;
          const name = rule.value.name?.join('.') ?? `<anonymous ${anonymousLayers}>`;
          const outer = layers.at(-1);
          layers.push(outer === undefined ? name : `${outer}.${name}`);
        },
        supports(rule) {
          if (isPropertyFallback(rule.value.rules)) fallbackDepth += 1;
        },
        style(rule) {
          if ((rule.value.rules ?? []).length > 0) {
            throw new Error('nested style rules are not supported by the critical CSS split');
          }
          const { declarations = [], importantDeclarations = [] } = rule.value.declarations;
          const all = [...declarations, ...importantDeclarations];
          const rootVariables =
            rule.value.selectors.every(isRootSelector) &&
            all.length > 0 &&
            all.every((d) => d.property === 'custom' && isCustomProperty(d.value.name));
          for (const declaration of all) {
            if (declaration.property === 'custom' && isCustomProperty(declaration.value.name)) {
              (rootVariables ? onRoot : elsewhere).add(declaration.value.name);
            }
          }
          const inlineAll = fallbackDepth > 0 || rootVariables;
          // Transitions play only on a change, so they can wait; but a custom property there
          // (Tailwind's `--tw-duration`) is inherited: arriving later, it would restyle the
          // element's whole subtree.
          const transitionsOnly =
            onlySetsTransitions(all) && !all.some((d) => d.property === 'custom');
          facts.push({
            layer: layers.at(-1) ?? '',
            specificities: rule.value.selectors.map(specificity),
            subjects: rule.value.selectors.map(subject),
            keys: conflictKeys(rule.value.declarations),
            critical: rule.value.selectors.map(
              (selector) =>
                inlineAll || (!transitionsOnly && canMatch(selector, page, hasFormControls)),
            ),
            propertyFallback: fallbackDepth > 0,
            rootVariables,
          });
        },
      },
      Declaration(declaration) {
        variableReferences(declaration.value, referenced);
      },
      // lightningcss 1.33 calls only the catch-all form of exit visitors.
      RuleExit(rule) {
        if (rule.type === 'layer-block') layers.pop();
        if (rule.type === 'supports' && isPropertyFallback(rule.value.rules)) fallbackDepth -= 1;
      },
    },
  });
  keepCascadeOrder(facts, site);
  return { facts, onRoot, elsewhere, referenced };
}

/** What the subject of a selector (after its last combinator) requires of an element. */
interface Subject {
  classes: string[];
  /** Element name, lower case, if it names one. */
  type?: string;
  /** Pseudo-element, if it styles one rather than the element itself. */
  pseudoElement?: string;
}

function subject(selector: Selector): Subject {
  const last = selector.findLastIndex((component) => component.type === 'combinator');
  const compound = selector.slice(last + 1);
  const result: Subject = { classes: [] };
  for (const component of compound) {
    if (component.type === 'class') result.classes.push(component.name);
    if (component.type === 'type') result.type = component.name.toLowerCase();
    if (component.type === 'pseudo-element') {
      result.pseudoElement = component.kind === 'custom' ? component.name : component.kind;
    }
  }
  return result;
}

/**
 * Which classes the site's elements carry together: for each class, the elements that have it,
 * numbered across every prerendered page.
 */
export type SiteClasses = ReadonlyMap<string, ReadonlySet<number>>;

export function siteClasses(documents: Iterable<string>): SiteClasses {
  const elements = new Map<string, Set<number>>();
  let element = 0;
  for (const html of documents) {
    for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
      element += 1;
      for (const token of decodeEntities(match[1] ?? '').split(/\s+/)) {
        if (!token) continue;
        const set = elements.get(token) ?? new Set<number>();
        set.add(element);
        elements.set(token, set);
      }
    }
  }
  return elements;
}

/**
 * Whether both selectors' subjects may be one element (or one pseudo-element) of a prerendered
 * page: same element name and pseudo-element where both name one, and classes that some
 * prerendered element has together. A class no prerendered element has (one only a script adds,
 * such as a form's error state) is not counted here: e2e/stylesheet-split.spec.ts checks the
 * site's scripted states against the full stylesheet instead (ADR 0018).
 */
function mayBeOneElement(a: Subject, b: Subject, site: SiteClasses): boolean {
  if (a.pseudoElement !== b.pseudoElement) return false;
  if (a.type !== undefined && b.type !== undefined && a.type !== b.type) return false;
  const classes = [...a.classes, ...b.classes];
  if (classes.some((name) => !site.has(name))) return false;
  const sets = classes.map((name) => site.get(name) as ReadonlySet<number>);
  if (sets.length < 2) return true;
  sets.sort((x, y) => x.size - y.size);
  const [smallest, ...others] = sets as [ReadonlySet<number>, ...ReadonlySet<number>[]];
  for (const element of smallest) if (others.every((set) => set.has(element))) return true;
  return false;
}

/** Whether `later`'s selector `l` can override `rule`'s selector `s` by coming after it. */
function canOverride(
  rule: RuleFacts,
  s: number,
  later: RuleFacts,
  l: number,
  site: SiteClasses,
): boolean {
  return (
    later.layer === rule.layer &&
    sameSpecificity(later.specificities[l] as Specificity, rule.specificities[s] as Specificity) &&
    [...later.keys].some((key) => rule.keys.has(key)) &&
    mayBeOneElement(rule.subjects[s] as Subject, later.subjects[l] as Subject, site)
  );
}

/**
 * The page's document has its inline CSS first and the rest stylesheet after it, so a rule of
 * the rest comes after every inlined rule, whatever their order in the full stylesheet. That
 * only matters between rules of one layer, with the same specificity, setting the same property,
 * that can style one element: such a rule of the rest that comes before an inlined one in the
 * full stylesheet is inlined too. Walking from the end, each rule is decided once every later one
 * is, so every such pair ends up in the full stylesheet's order: the two sheets cascade like the
 * full one on this page and on any page reached by client-side navigation.
 */
function keepCascadeOrder(facts: RuleFacts[], site: SiteClasses): void {
  for (let i = facts.length - 2; i >= 0; i -= 1) {
    const rule = facts[i] as RuleFacts;
    rule.critical = rule.critical.map(
      (critical, s) =>
        critical ||
        facts
          .slice(i + 1)
          .some((later) =>
            later.critical.some((inlined, l) => inlined && canOverride(rule, s, later, l, site)),
          ),
    );
  }
}

/** The rules (selectors) of `css` for which `keep` is true, by source order (see analyse). */
function selectRules(
  css: string,
  facts: RuleFacts[],
  keep: (rule: RuleFacts, selector: number) => boolean,
): string {
  let index = 0;
  return transformCss(css, {
    Rule: {
      style(rule) {
        const rulesFacts = facts[index];
        index += 1;
        if (rulesFacts?.critical.length !== rule.value.selectors.length) {
          throw new Error('the stylesheet changed between its analysis and its split');
        }
        const kept = rule.value.selectors.filter((_, s) => keep(rulesFacts, s));
        if (kept.length === 0) return [];
        // Unchanged rules are left to lightningcss untouched (re-serialising some selectors fails).
        if (kept.length === rule.value.selectors.length) return undefined;
        rule.value.selectors = kept;
        return rule;
      },
    },
  });
}

/** `--name: value` of the theme's custom properties, as minified CSS text. */
function rootValues(css: string, facts: RuleFacts[]): Map<string, string> {
  const roots = selectRules(css, facts, (rule) => rule.rootVariables);
  const values = new Map<string, string>();
  for (const [, body = ''] of roots.matchAll(/:(?:root|host)[^{]*\{([^{}]*)\}/g)) {
    let depth = 0;
    let quote = '';
    let start = 0;
    const declarations: string[] = [];
    for (let i = 0; i <= body.length; i += 1) {
      const c = body[i];
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '(') depth += 1;
      else if (c === ')') depth -= 1;
      else if ((c === ';' && depth === 0) || c === undefined) {
        declarations.push(body.slice(start, i));
        start = i + 1;
      }
    }
    for (const declaration of declarations) {
      const colon = declaration.indexOf(':');
      if (colon > 0) values.set(declaration.slice(0, colon), declaration.slice(colon + 1));
    }
  }
  return values;
}

/** Each custom property's value with the theme properties in `substituted` written out. */
function resolveValues(values: Map<string, string>, substituted: Set<string>) {
  const resolved = new Map<string, string>();
  const resolve = (name: string, seen: Set<string>): string => {
    const done = resolved.get(name);
    if (done !== undefined) return done;
    if (seen.has(name)) throw new Error(`${name} refers to itself`);
    const value = (values.get(name) ?? '').replace(
      /var\((--[\w-]+)\)/g,
      (reference, inner: string) =>
        substituted.has(inner) ? resolve(inner, new Set([...seen, name])) : reference,
    );
    resolved.set(name, value);
    return value;
  };
  for (const name of substituted) resolve(name, new Set());
  return resolved;
}

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
  const { facts, onRoot, elsewhere, referenced: referencedAnywhere } = analyse(css, page, site);
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
  const values = resolveValues(rootValues(css, facts), substituted);
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

/**
 * `@property` registrations dropped, Tailwind's fallback for them made unconditional: the same
 * initial values on every element, without the registrations (which only matter to animate one
 * of those properties itself, which nothing here does).
 */
const WITHOUT_PROPERTY_REGISTRATIONS = {
  property() {
    return [];
  },
  supports(rule: { value: { rules: Rule[] } }) {
    return isPropertyFallback(rule.value.rules) ? rule.value.rules : undefined;
  },
};

/** The `@font-face` rules of a stylesheet, alone, minified (to compare two stylesheets'). */
export function fontFaces(css: string): string {
  return transformCss(css, {
    Rule(rule) {
      return rule.type === 'font-face' ? undefined : [];
    },
  });
}

/**
 * The full stylesheet as the SPA fallback page requests it after its first paint (prerendered
 * pages request their rest instead, see splitStylesheet), without what every page's inline CSS
 * has already given the document:
 * - its `@font-face` rules: declared a second time, the same font becomes a new face that the
 *   browser loads again and lays every text out anew for (measured: a full-page layout in the
 *   task that applies the stylesheet, 40-160 ms with Lighthouse's 4x CPU slowdown);
 * - the `@property` registrations, as in the inline CSS: registering them restyles every
 *   element for values that are already the same.
 * The post-build step checks that every page inlines the font faces before relying on this.
 */
export function deferredStylesheet(css: string): string {
  return transformCss(css, {
    Rule: {
      ...WITHOUT_PROPERTY_REGISTRATIONS,
      'font-face'() {
        return [];
      },
    },
  });
}
