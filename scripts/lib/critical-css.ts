/**
 * Per-page critical CSS: the site's stylesheet reduced to the rules whose class selectors all
 * appear in one page's HTML. The post-build step inlines the result into that page; the full
 * stylesheet is loaded after hydration (app/components/site-styles.tsx) for client-side
 * navigation and interactive states.
 */
import { type Selector, transform } from 'lightningcss';

const HTML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/** Every class token used in `class="…"` attributes of an HTML document. */
export function classesInHtml(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = (match[1] ?? '').replace(
      /&(?:amp|quot|#x27|#39|lt|gt);/g,
      (e) => HTML_ENTITIES[e] ?? e,
    );
    for (const token of value.split(/\s+/)) if (token) classes.add(token);
  }
  return classes;
}

/**
 * Classes a selector requires at its top level. Classes inside functional pseudo-classes
 * (`:not(.x)`, `:where(.x)`) are ignored, which keeps such rules: conservative by design.
 */
function requiredClasses(selector: Selector): string[] {
  return selector.flatMap((component) => (component.type === 'class' ? [component.name] : []));
}

export function criticalCss(css: string, usedClasses: ReadonlySet<string>): string {
  const { code } = transform({
    filename: 'critical.css',
    code: Buffer.from(css),
    minify: true,
    errorRecovery: true,
    visitor: {
      Rule: {
        style(rule) {
          const kept = rule.value.selectors.filter((selector) =>
            requiredClasses(selector).every((name) => usedClasses.has(name)),
          );
          if (kept.length === 0) return [];
          // Unchanged rules are left to lightningcss untouched (re-serialising some selectors fails).
          if (kept.length === rule.value.selectors.length) return undefined;
          rule.value.selectors = kept;
          return rule;
        },
      },
    },
  });
  return code.toString();
}
