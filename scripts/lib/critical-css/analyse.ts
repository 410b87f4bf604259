/**
 * One walk through the site's stylesheet for one page: what each style rule requires, which of
 * its selectors can style the page's first paint (rule-choice.ts), and where the stylesheet
 * declares and references its custom properties.
 */
import { type Selector, transform } from 'lightningcss';

import { conflictKeys, type Specificity, specificity } from './css-cascade.ts';
import { isCustomProperty, variableReferences } from './custom-properties.ts';
import type { PageFacts } from './page-facts.ts';
import {
  canMatch,
  canWait,
  hasFormControls,
  isPropertyFallback,
  isRootVariables,
} from './rule-choice.ts';

/** What the subject of a selector (after its last combinator) requires of an element. */
export interface Subject {
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

/** What the post-build step knows about one style rule of the stylesheet, in source order. */
export interface RuleFacts {
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

/** What one walk through the stylesheet tells the split. */
export interface Analysis {
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
 * Which selector of which rule can style the page's first paint (before keepCascadeOrder adds
 * the ones the cascade needs), and where the stylesheet declares and references its custom
 * properties.
 */
export function analyse(css: string, page: PageFacts): Analysis {
  const formControls = hasFormControls(page);
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
          const rootVariables = isRootVariables(rule.value.selectors, all);
          for (const declaration of all) {
            if (declaration.property === 'custom' && isCustomProperty(declaration.value.name)) {
              (rootVariables ? onRoot : elsewhere).add(declaration.value.name);
            }
          }
          const inlineAll = fallbackDepth > 0 || rootVariables;
          const waits = canWait(all);
          facts.push({
            layer: layers.at(-1) ?? '',
            specificities: rule.value.selectors.map(specificity),
            subjects: rule.value.selectors.map(subject),
            keys: conflictKeys(rule.value.declarations),
            critical: rule.value.selectors.map(
              (selector) => inlineAll || (!waits && canMatch(selector, page, formControls)),
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
  return { facts, onRoot, elsewhere, referenced };
}
