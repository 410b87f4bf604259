/**
 * Reading the built pages: what the critical CSS split needs to know of their HTML (class names,
 * element names, custom properties used in `style` attributes, outside `hidden` subtrees), read
 * with htmlparser2's tokenizer, so that markup in comments, in `<script>` and `<style>` content or
 * in attribute values is not taken for elements.
 */
import { Parser } from 'htmlparser2';

/** What the post-build step knows about one built page, outside its `hidden` elements. */
export interface PageFacts {
  /** Class tokens of the `class` attributes. */
  classes: ReadonlySet<string>;
  /** Lower-case element names. */
  elements: ReadonlySet<string>;
  /** Custom properties the markup itself references in `style` attributes. */
  referencedProperties: ReadonlySet<string>;
}

/**
 * Calls `onElement` for each element of `html`, in document order, with its lower-case name and
 * attributes (lower-case names, entities decoded). With `skipHidden`, the elements carrying the
 * `hidden` attribute are skipped with everything inside them (closed menus, React's streaming
 * buffers): nothing in them is painted.
 */
function forEachElement(
  html: string,
  skipHidden: boolean,
  onElement: (name: string, attributes: Readonly<Record<string, string>>) => void,
): void {
  // How many open elements are inside (or are) a skipped `hidden` element.
  let hiddenDepth = 0;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (hiddenDepth > 0 || (skipHidden && isHidden(attributes))) hiddenDepth += 1;
      else onElement(name, attributes);
    },
    // htmlparser2 closes every element it opened (void ones at once, unclosed ones at the end).
    onclosetag() {
      if (hiddenDepth > 0) hiddenDepth -= 1;
    },
  });
  parser.end(html);
}

/** `hidden`, but not `hidden="until-found"` (find-in-page can reveal that content). */
function isHidden(attributes: Readonly<Record<string, string>>): boolean {
  const value = attributes.hidden;
  return value !== undefined && value.toLowerCase() !== 'until-found';
}

function classTokens(attributes: Readonly<Record<string, string>>): string[] {
  return (attributes.class ?? '').split(/\s+/).filter((token) => token !== '');
}

export function pageFacts(html: string): PageFacts {
  const classes = new Set<string>();
  const elements = new Set<string>();
  const referencedProperties = new Set<string>();
  forEachElement(html, true, (name, attributes) => {
    elements.add(name);
    for (const token of classTokens(attributes)) classes.add(token);
    for (const [, property = ''] of (attributes.style ?? '').matchAll(/var\(\s*(--[\w-]+)/g)) {
      referencedProperties.add(property);
    }
  });
  return { classes, elements, referencedProperties };
}

/**
 * Which classes the site's elements carry together: for each class, the elements that have it,
 * numbered across every prerendered page.
 */
export type SiteClasses = ReadonlyMap<string, ReadonlySet<number>>;

/** The classes of every element of the documents, `hidden` ones included (they can be shown). */
export function siteClasses(documents: Iterable<string>): SiteClasses {
  const elements = new Map<string, Set<number>>();
  let element = 0;
  for (const html of documents) {
    forEachElement(html, false, (_name, attributes) => {
      if (attributes.class === undefined) return;
      element += 1;
      for (const token of classTokens(attributes)) {
        const set = elements.get(token) ?? new Set<number>();
        set.add(element);
        elements.set(token, set);
      }
    });
  }
  return elements;
}
