/**
 * Per-page critical CSS: the site's stylesheet reduced to the rules that can style one page's
 * first paint. The post-build step inlines the result into that page; the full stylesheet is
 * requested right after the first paint (scripts/lib/after-first-paint.ts, ADR 0010), for
 * interactive states and client-side navigation.
 *
 * A rule is kept when one of its selectors can match the page as first painted:
 * - every class it requires appears in the page's HTML;
 * - every element type it names appears in the page;
 * - it needs no user interaction (`:hover`, `:focus…`, `:active`): those states come with the
 *   full stylesheet, which arrives before anyone can point at or tab to anything;
 * - form-control pseudo-elements (`::placeholder`, `::-webkit-…`) only on pages with form controls;
 * - it sets more than transitions (a transition only plays when something changes).
 * Then custom properties that nothing left references are dropped, and so is every `@property`
 * registration: Tailwind's fallback for browsers without `@property` (one rule giving every
 * element the initial values, inside an `@supports` test) is made unconditional instead. It gives
 * the first paint the same values in a third of the bytes; the full stylesheet brings the
 * registrations (which only matter to animate those properties) right after the first paint.
 */
import {
  type Declaration,
  type Rule,
  type Selector,
  type SelectorComponent,
  transform,
} from 'lightningcss';

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

/** Custom properties the stylesheet needs: referenced outside custom properties, transitively. */
function neededProperties(css: string, page: PageFacts): Set<string> {
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

export function criticalCss(css: string, page: PageFacts): string {
  const hasFormControls = FORM_CONTROLS.some((name) => page.elements.has(name));
  const matching = transformCss(css, {
    Rule: {
      style(rule) {
        const { declarations = [], importantDeclarations = [] } = rule.value.declarations;
        if (onlySetsTransitions([...declarations, ...importantDeclarations])) return [];
        const kept = rule.value.selectors.filter((selector) =>
          canMatch(selector, page, hasFormControls),
        );
        if (kept.length === 0) return [];
        // Unchanged rules are left to lightningcss untouched (re-serialising some selectors fails).
        if (kept.length === rule.value.selectors.length) return undefined;
        rule.value.selectors = kept;
        return rule;
      },
    },
  });
  const needed = neededProperties(matching, page);
  return transformCss(matching, {
    Declaration: {
      custom(property) {
        return !isCustomProperty(property.name) || needed.has(property.name) ? undefined : [];
      },
    },
    Rule: WITHOUT_PROPERTY_REGISTRATIONS,
  });
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
 * The stylesheet requested after the first paint, without what every page's inline CSS has
 * already given the document:
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
