/**
 * The two facts about a style rule that decide, between rules of the same cascade layer, which
 * one wins: its selector's specificity and the properties it sets. Used to split a stylesheet in
 * two without changing its cascade (scripts/lib/critical-css/, ADR 0018).
 */
import type { Declaration, Selector, SelectorComponent } from 'lightningcss';

/** [ids, classes / attributes / pseudo-classes, types / pseudo-elements] (Selectors 4). */
export type Specificity = readonly [number, number, number];

function larger(a: Specificity, b: Specificity): Specificity {
  for (let i = 0; i < 3; i += 1) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0) ? a : b;
  }
  return a;
}

function add(a: Specificity, b: Specificity): Specificity {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}

function mostSpecific(selectors: Selector[]): Specificity {
  return selectors.map(specificity).reduce(larger, [0, 0, 0]);
}

function componentSpecificity(component: SelectorComponent): Specificity {
  switch (component.type) {
    case 'id':
      return [1, 0, 0];
    case 'class':
    case 'attribute':
      return [0, 1, 0];
    case 'type':
    case 'pseudo-element':
      return [0, 0, 1];
    case 'pseudo-class':
      switch (component.kind) {
        case 'where':
          return [0, 0, 0];
        case 'is':
        case 'any':
        case 'not':
        case 'has':
          return mostSpecific(component.selectors);
        default:
          return [0, 1, 0];
      }
    default:
      // universal, combinators, namespaces, nesting
      return [0, 0, 0];
  }
}

export function specificity(selector: Selector): Specificity {
  return selector.map(componentSpecificity).reduce(add, [0, 0, 0]);
}

export function sameSpecificity(a: Specificity, b: Specificity): boolean {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
}

const SIDES = ['top', 'right', 'bottom', 'left'] as const;
/** Logical sides as physical ones, either direction (conservative: both writing directions). */
const LOGICAL_SIDES: Record<string, readonly string[]> = {
  inline: ['left', 'right'],
  block: ['top', 'bottom'],
  'inline-start': ['left', 'right'],
  'inline-end': ['left', 'right'],
  'block-start': ['top', 'bottom'],
  'block-end': ['top', 'bottom'],
};
const CORNERS = ['top-left', 'top-right', 'bottom-right', 'bottom-left'] as const;

function sides(suffix: string | undefined): readonly string[] {
  if (suffix === undefined) return SIDES;
  return LOGICAL_SIDES[suffix] ?? [suffix];
}

/** Shorthands Tailwind's output uses, as the longhands they set. */
const SHORTHANDS: Record<string, readonly string[]> = {
  gap: ['row-gap', 'column-gap'],
  overflow: ['overflow-x', 'overflow-y'],
  'place-items': ['align-items', 'justify-items'],
  'place-content': ['align-content', 'justify-content'],
  'place-self': ['align-self', 'justify-self'],
  font: [
    'font-family',
    'font-size',
    'font-weight',
    'font-style',
    'font-variant',
    'font-stretch',
    'line-height',
  ],
  'text-decoration': [
    'text-decoration-line',
    'text-decoration-color',
    'text-decoration-style',
    'text-decoration-thickness',
  ],
  outline: ['outline-color', 'outline-style', 'outline-width'],
  background: [
    'background-color',
    'background-image',
    'background-position',
    'background-size',
    'background-repeat',
    'background-origin',
    'background-clip',
    'background-attachment',
  ],
  'list-style': ['list-style-type', 'list-style-position', 'list-style-image'],
  flex: ['flex-grow', 'flex-shrink', 'flex-basis'],
  'flex-flow': ['flex-direction', 'flex-wrap'],
  'grid-template': ['grid-template-rows', 'grid-template-columns', 'grid-template-areas'],
  'grid-row': ['grid-row-start', 'grid-row-end'],
  'grid-column': ['grid-column-start', 'grid-column-end'],
  'grid-area': ['grid-row-start', 'grid-row-end', 'grid-column-start', 'grid-column-end'],
  'white-space': ['white-space-collapse', 'text-wrap-mode'],
  'text-wrap': ['text-wrap-mode', 'text-wrap-style'],
  transition: [
    'transition-property',
    'transition-duration',
    'transition-timing-function',
    'transition-delay',
    'transition-behavior',
  ],
  animation: [
    'animation-name',
    'animation-duration',
    'animation-timing-function',
    'animation-delay',
    'animation-iteration-count',
    'animation-direction',
    'animation-fill-mode',
    'animation-play-state',
  ],
  container: ['container-name', 'container-type'],
  'inline-size': ['width'],
  'block-size': ['height'],
  'min-inline-size': ['min-width'],
  'min-block-size': ['min-height'],
  'max-inline-size': ['max-width'],
  'max-block-size': ['max-height'],
};

/**
 * The longhands a property sets, physical sides for logical ones in both writing directions:
 * two declarations can override one another when their longhands meet. Properties outside the
 * families below are their own longhand (custom properties included).
 */
export function longhands(name: string): readonly string[] {
  if (name.startsWith('--')) return [name];
  const unprefixed = name.replace(/^-(?:webkit|moz|ms|o)-/, '');
  const shorthand = SHORTHANDS[unprefixed];
  if (shorthand) return shorthand;
  const boxed = /^(margin|padding|scroll-margin|scroll-padding|inset)(?:-(.+))?$/.exec(unprefixed);
  if (boxed && (boxed[2] === undefined || boxed[2] in LOGICAL_SIDES)) {
    return sides(boxed[2]).map((side) => `${boxed[1]}-${side}`);
  }
  if ((SIDES as readonly string[]).includes(unprefixed)) return [`inset-${unprefixed}`];
  const radius = /^border(?:-(.+))?-radius$/.exec(unprefixed);
  if (radius) {
    const corner = radius[1];
    return corner && (CORNERS as readonly string[]).includes(corner)
      ? [`radius-${corner}`]
      : CORNERS.map((c) => `radius-${c}`);
  }
  const border =
    /^border(?:-(top|right|bottom|left|inline|block|inline-start|inline-end|block-start|block-end))?(?:-(width|style|color))?$/.exec(
      unprefixed,
    );
  if (border) {
    const aspects = border[2] ? [border[2]] : ['width', 'style', 'color'];
    return sides(border[1]).flatMap((side) => aspects.map((a) => `border-${side}-${a}`));
  }
  return [unprefixed];
}

function propertyName(declaration: Declaration): string {
  if (declaration.property === 'custom') return declaration.value.name;
  if (declaration.property === 'unparsed') return declaration.value.propertyId.property;
  return declaration.property;
}

/** The longhands a rule sets; `!important` declarations compete apart from normal ones. */
export function conflictKeys(declarations: {
  declarations?: Declaration[];
  importantDeclarations?: Declaration[];
}): Set<string> {
  const keys = new Set<string>();
  for (const declaration of declarations.declarations ?? []) {
    for (const longhand of longhands(propertyName(declaration))) keys.add(longhand);
  }
  for (const declaration of declarations.importantDeclarations ?? []) {
    for (const longhand of longhands(propertyName(declaration))) keys.add(`!${longhand}`);
  }
  return keys;
}
