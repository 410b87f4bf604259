/**
 * Per-page critical CSS: the site's stylesheet split, for one prerendered page, into the rules
 * that can style its first paint, which the post-build step inlines, and the rest of them, which
 * the page requests right after its first paint (scripts/lib/after-first-paint.ts, ADR 0010) for
 * interactive states, scripted states and client-side navigation. See splitStylesheet and ADR 0018.
 *
 * A rule is kept when one of its selectors can match the page as first painted (rule-choice.ts):
 * - every class it requires appears in the page's HTML (page-facts.ts);
 * - every element type it names appears in the page;
 * - it needs no user interaction (`:hover`, `:focus…`, `:active`): those states come with the
 *   rest, which arrives before anyone can point at or tab to anything;
 * - form-control pseudo-elements (`::placeholder`, `::-webkit-…`) only on pages with form controls;
 * - it sets more than transitions (a transition only plays when something changes), or it sets
 *   a custom property (inherited: arriving later, it would restyle a whole subtree);
 * - or it must come before an inlined rule to keep the cascade (cascade-order.ts).
 * Every `@property` registration is dropped: Tailwind's fallback for browsers without
 * `@property` (one rule giving every element the initial values, inside an `@supports` test) is
 * inlined whole and unconditional instead; the registrations only matter to animate those
 * properties, which nothing here does. The theme's custom properties that no inlined rule uses
 * are dropped too, and written out in the rest's rules (custom-properties.ts).
 *
 * The modules: page-facts.ts reads the HTML; analyse.ts and rule-choice.ts choose the rules;
 * cascade-order.ts and css-cascade.ts keep the cascade; custom-properties.ts, split.ts and
 * write.ts write the two sheets.
 */
export { pageFacts, siteClasses } from './page-facts.ts';
export { splitStylesheet } from './split.ts';
export { deferredStylesheet, fontFaces } from './write.ts';
