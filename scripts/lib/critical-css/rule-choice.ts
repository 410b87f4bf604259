/**
 * Choosing rules: whether a style rule's selector can style a page as first painted (see the
 * criteria in index.ts), and how to recognise the rules that are inlined whatever the page
 * (Tailwind's `@property` fallback, the theme's custom properties on `:root`).
 */
import type { Declaration, Rule, Selector, SelectorComponent } from 'lightningcss';

import { isCustomProperty } from './custom-properties.ts';
import type { PageFacts } from './page-facts.ts';

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

export function hasFormControls(page: PageFacts): boolean {
  return FORM_CONTROLS.some((name) => page.elements.has(name));
}

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
export function canMatch(selector: Selector, page: PageFacts, formControls: boolean): boolean {
  if (needsInteraction(selector)) return false;
  return selector.every((component) => {
    switch (component.type) {
      case 'class':
        return page.classes.has(component.name);
      case 'type':
        return page.elements.has(component.name.toLowerCase());
      case 'pseudo-element':
        return formControls || GENERIC_PSEUDO_ELEMENTS.has(component.kind);
      case 'pseudo-class':
        return (
          formControls || !(component.kind === 'custom' && component.name === '-moz-ui-invalid')
        );
      default:
        return true;
    }
  });
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

/**
 * Transitions play only on a change, so a rule that only sets them can wait; but a custom
 * property there (Tailwind's `--tw-duration`) is inherited: arriving later, it would restyle the
 * element's whole subtree.
 */
export function canWait(declarations: Declaration[]): boolean {
  return onlySetsTransitions(declarations) && !declarations.some((d) => d.property === 'custom');
}

/** Tailwind's `@property` fallback: style rules that only set its `--tw-` custom properties. */
export function isPropertyFallback(rules: Rule[]): boolean {
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

function isRootSelector(selector: Selector): boolean {
  return (
    selector.length === 1 &&
    selector[0]?.type === 'pseudo-class' &&
    (selector[0].kind === 'root' || selector[0].kind === 'host')
  );
}

/** A rule of the theme: only custom properties, on `:root` / `:host`. */
export function isRootVariables(selectors: Selector[], declarations: Declaration[]): boolean {
  return (
    selectors.every(isRootSelector) &&
    declarations.length > 0 &&
    declarations.every((d) => d.property === 'custom' && isCustomProperty(d.value.name))
  );
}
