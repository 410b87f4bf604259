/**
 * Writing stylesheets with lightningcss (minified): the chosen rules of a stylesheet, and the
 * full stylesheet as deferred behind the inline CSS.
 */
import { type Rule, transform } from 'lightningcss';

import type { RuleFacts } from './analyse.ts';
import { isPropertyFallback } from './rule-choice.ts';

export function transformCss(
  css: string,
  visitor: Parameters<typeof transform>[0]['visitor'],
): string {
  return transform({
    filename: 'critical.css',
    code: Buffer.from(css),
    minify: true,
    errorRecovery: true,
    visitor,
  }).code.toString();
}

/** The rules (selectors) of `css` for which `keep` is true, by source order (see analyse). */
export function selectRules(
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

/**
 * `@property` registrations dropped, Tailwind's fallback for them made unconditional: the same
 * initial values on every element, without the registrations (which only matter to animate one
 * of those properties itself, which nothing here does).
 */
export const WITHOUT_PROPERTY_REGISTRATIONS = {
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
