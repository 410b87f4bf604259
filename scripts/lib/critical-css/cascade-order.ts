/**
 * The cascade across the two sheets: the page's document has its inline CSS first and the rest
 * stylesheet after it, so rules of the rest that must come before an inlined one are inlined too
 * (keepCascadeOrder). The facts it compares (specificity, longhands) are in css-cascade.ts.
 */
import type { RuleFacts, Subject } from './analyse.ts';
import { sameSpecificity, type Specificity } from './css-cascade.ts';
import type { SiteClasses } from './page-facts.ts';

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
 * A rule of the rest comes after every inlined rule, whatever their order in the full
 * stylesheet. That only matters between rules of one layer, with the same specificity, setting
 * the same property, that can style one element: such a rule of the rest that comes before an
 * inlined one in the full stylesheet is inlined too. Walking from the end, each rule is decided
 * once every later one is, so every such pair ends up in the full stylesheet's order: the two
 * sheets cascade like the full one on this page and on any page reached by client-side
 * navigation.
 */
export function keepCascadeOrder(facts: RuleFacts[], site: SiteClasses): void {
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
