import { describe, expect, it } from 'vitest';

import { type PageFacts, pageFacts, siteClasses } from './page-facts.ts';
import { splitStylesheet } from './split.ts';
import { deferredStylesheet, fontFaces } from './write.ts';

const page = (html: string) => pageFacts(`<html><body>${html}</body></html>`);
/** The inline CSS of a page alone on its site (classes it lacks are in no prerendered page). */
const criticalCss = (css: string, facts: PageFacts) =>
  splitStylesheet(css, facts, siteClasses([])).critical;

describe('criticalCss', () => {
  const css = `
    *, ::before { box-sizing: border-box }
    html { color: black }
    @layer utilities {
      .flex { display: flex }
      .grid { display: grid }
      .hover\\:bg-x:hover { color: red }
      @media (min-width: 48rem) { .md\\:grid-cols-2 { grid-template-columns: repeat(2, 1fr) } .md\\:hidden { display: none } }
      .group:hover .group-hover\\:underline { text-decoration: underline }
      .space-y-2 > :not(:last-child) { margin-bottom: 0.5rem }
      .a, .b { opacity: 0.5 }
    }
  `;

  it('keeps element rules and the rules whose classes the page uses, drops the others', () => {
    const out = criticalCss(
      css,
      page('<div class="flex md:grid-cols-2 space-y-2 b hover:bg-x"></div>'),
    );
    expect(out).toContain('box-sizing:border-box');
    expect(out).toContain('html{color:#000}');
    expect(out).toContain('.flex{display:flex}');
    expect(out).toContain('.md\\:grid-cols-2');
    expect(out).toContain('.space-y-2>:not(:last-child)');
    expect(out).not.toContain('.grid{');
    expect(out).not.toContain('md\\:hidden');
    expect(out).not.toContain('group-hover');
    expect(out).toContain('.b{opacity:.5}');
    expect(out).not.toContain('.a');
  });

  it('keeps a compound selector only when every class in it is used', () => {
    const groupCss = '.group .in-group { color: red }';
    expect(criticalCss(groupCss, page('<p class="in-group"></p>'))).toBe('');
    expect(criticalCss(groupCss, page('<div class="group"><p class="in-group"></p></div>'))).toBe(
      '.group .in-group{color:red}',
    );
  });

  it('leaves interaction states (hover, focus, active) to the full stylesheet', () => {
    const out = criticalCss(
      `.a:hover { color: red } .b:focus-visible { outline: 2px solid } :focus-visible { outline: 1px solid }
       .c:is(:where(.group):focus-within *) { color: blue } .d:active { color: green } .a { color: black }
       .e:not(:hover) { color: gray }`,
      page('<a class="a b c d e group"></a>'),
    );
    expect(out).toBe('.a{color:#000}.e:not(:hover){color:gray}');
  });

  it('drops rules for elements the page does not have', () => {
    const out = criticalCss(
      'h1, h2 { font-weight: 700 } table { border-collapse: collapse } sub, sup { font-size: 75% }',
      page('<h2>Titre</h2>'),
    );
    expect(out).toBe('h2{font-weight:700}');
  });

  it('keeps form-control pseudo-elements only on pages with form controls', () => {
    const formCss =
      '::placeholder { opacity: 1 } ::file-selector-button { margin: 0 } ::-webkit-search-decoration { appearance: none } ::before { content: "" }';
    expect(criticalCss(formCss, page('<p></p>'))).toBe(':before{content:""}');
    const withForm = criticalCss(formCss, page('<form><input></form>'));
    expect(withForm).toContain('::placeholder');
    expect(withForm).toContain('::file-selector-button');
    expect(withForm).toContain('::-webkit-search-decoration');
  });

  it('drops rules that only set transitions, unless they set an (inherited) custom property', () => {
    const out = criticalCss(
      `.transition { transition-property: color; transition-duration: var(--tw-duration, .15s) }
       .duration-200 { --tw-duration: .2s; transition-duration: .2s }
       .fade { opacity: 0; transition: opacity .2s }`,
      page('<p class="transition duration-200 fade"></p>'),
    );
    expect(out).toBe(
      '.duration-200{--tw-duration:.2s;transition-duration:.2s}.fade{opacity:0;transition:opacity .2s}',
    );
  });

  it('drops custom properties nothing references, transitively', () => {
    const out = criticalCss(
      `:root { --color-brand: #184846; --color-unused: red; --font-sans: Inter; --default-font: var(--font-sans) }
       html { font-family: var(--default-font); color: var(--color-brand) }
       .card { --tw-shadow: 0 1px 2px #0003; box-shadow: var(--tw-shadow) }
       .slide { translate: calc(var(--slide) * -100%) }`,
      page('<div class="card"></div><div class="slide" style="--slide:1"></div>'),
    );
    expect(out).toContain('--color-brand:#184846');
    expect(out).not.toContain('--color-unused');
    expect(out).toContain('--font-sans:Inter');
    expect(out).toContain('--default-font:var(--font-sans)');
    expect(out).toContain('var(--slide)');
  });
});

describe('splitStylesheet', () => {
  const css = `@layer properties {
      @supports ((-webkit-hyphens: none) and (not (margin-trim: inline))) {
        *, ::before { --tw-shadow: 0 0 #0000; --tw-ring: 0 0 #0000 }
      }
    }
    @layer theme { :root, :host { --color-a: red; --color-b: blue; --mix: var(--color-b) } }
    @layer utilities {
      .a { color: var(--color-a) }
      .b:hover { color: var(--color-b) }
      .c { background-color: var(--mix); box-shadow: var(--tw-ring) }
    }`;

  it('leaves the rest nothing to declare on :root or on every element', () => {
    const { critical, rest } = splitStylesheet(css, page('<p class="a b"></p>'), siteClasses([]));
    expect(critical).toContain('--color-a:red');
    expect(critical).not.toContain('--color-b');
    // Tailwind's fallback whole, even what only the rest uses.
    expect(critical).toContain('--tw-ring:0 0 #0000');
    expect(critical).not.toContain('.b:hover');
    expect(rest).not.toMatch(/:root|\*|--color-a/);
    // The theme's values that only the rest uses are written out in its rules.
    expect(rest).toContain('.b:hover{color:blue}');
    expect(rest).toContain('.c{background-color:blue;box-shadow:var(--tw-ring)}');
  });

  it('inlines a rule of the rest that comes first and can style the same element', () => {
    const utilities = `@layer utilities {
      .grid { display: grid } .hidden { display: none } .flex { display: flex } .red { color: red }
    }`;
    const home = '<p class="flex red"></p>';
    // On another page, one element is both hidden and flex: in the full stylesheet flex wins.
    const site = siteClasses([home, '<div class="hidden flex"></div><div class="grid"></div>']);
    const { critical, rest } = splitStylesheet(utilities, page(home), site);
    expect(critical).toBe(
      '@layer utilities{.hidden{display:none}.flex{display:flex}.red{color:red}}',
    );
    // No element has grid and flex together: grid can wait.
    expect(rest).toBe('@layer utilities{.grid{display:grid}}');
  });

  it('leaves a rule of another layer, nested or not, in the rest: the layer order decides', () => {
    const layered = `@layer base { .hidden { display: none } @layer inner { .grid { display: grid } } }
      @layer utilities { .flex { display: flex } }`;
    const home = '<p class="flex"></p>';
    const site = siteClasses([home, '<div class="hidden grid flex"></div>']);
    const { critical, rest } = splitStylesheet(layered, page(home), site);
    expect(critical).toBe('@layer base{@layer inner;}@layer utilities{.flex{display:flex}}');
    expect(rest).toContain('.hidden{display:none}');
    expect(rest).toContain('.grid{display:grid}');
  });

  it('declares the layer order first when the inline CSS lacks a layer', () => {
    const layered = '@layer base { p { margin: 0 } } @layer utilities { .x { color: red } }';
    const { critical } = splitStylesheet(layered, page('<div></div>'), siteClasses([]));
    expect(critical).toBe('@layer base,utilities;');
  });
});

describe('criticalCss and @property', () => {
  const css = `@property --tw-shadow { syntax: "*"; inherits: false; initial-value: 0 0 #0000 }
    @property --tw-unused { syntax: "*"; inherits: false }
    @layer properties {
      @supports ((-webkit-hyphens: none) and (not (margin-trim: inline))) {
        *, ::before { --tw-shadow: 0 0 #0000; --tw-unused: 0 }
      }
    }
    @supports (display: grid) { .grid { display: grid } }
    .card { --tw-shadow: 0 1px 2px #0003; box-shadow: var(--tw-shadow) }`;

  it('drops the registrations and makes Tailwind’s fallback for them unconditional', () => {
    const out = criticalCss(css, page('<div class="card grid"></div>'));
    expect(out).not.toContain('@property');
    expect(out).toContain('@layer properties{*,:before{--tw-shadow:0 0 #0000}}');
    expect(out).not.toContain('--tw-unused');
    expect(out).toContain('.card{--tw-shadow:0 1px 2px #0003;box-shadow:var(--tw-shadow)}');
    // Other @supports blocks keep their condition.
    expect(out).toContain('@supports (display:grid){.grid{display:grid}}');
  });
});

describe('deferredStylesheet', () => {
  const css = `@font-face { font-family: Inter; src: url(/assets/inter.woff2) format("woff2") }
    @property --tw-shadow { syntax: "*"; inherits: false; initial-value: 0 0 #0000 }
    @layer properties {
      @supports ((-webkit-hyphens: none) and (not (margin-trim: inline))) {
        *, ::before { --tw-shadow: 0 0 #0000 }
      }
    }
    .card { box-shadow: var(--tw-shadow) }
    .card:hover { color: red }`;

  it('leaves out what the inline CSS already declared, and keeps every rule', () => {
    const out = deferredStylesheet(css);
    expect(out).not.toContain('@font-face');
    expect(out).not.toContain('@property');
    expect(out).toContain('@layer properties{*,:before{--tw-shadow:0 0 #0000}}');
    expect(out).toContain('.card{box-shadow:var(--tw-shadow)}');
    expect(out).toContain('.card:hover{color:red}');
  });

  it('keeps the font faces the inline CSS is checked against', () => {
    const inline = criticalCss(css, page('<div class="card"></div>'));
    expect(fontFaces(css)).toContain('@font-face{font-family:Inter;');
    expect(fontFaces(inline)).toBe(fontFaces(css));
    expect(fontFaces(deferredStylesheet(css))).toBe('');
  });
});

describe('criticalCss and the page', () => {
  it('keeps the styles of hidden content out of the critical CSS', () => {
    const out = criticalCss(
      '.menu { position: absolute } .link { color: red } .shown { color: blue }',
      pageFacts('<nav hidden class="menu"><a class="link">x</a></nav><p class="shown">y</p>'),
    );
    expect(out).toBe('.shown{color:#00f}');
  });

  it('keeps out the styles of markup that only a script or a comment mentions', () => {
    const out = criticalCss(
      '.late { color: red } b { font-weight: bolder } table { border-collapse: collapse } p { margin: 0 }',
      pageFacts(
        `<p>x</p><!-- <table> --><script>if (a<b) el.innerHTML = '<i class="late">';</script>`,
      ),
    );
    expect(out).toBe('p{margin:0}');
  });
});
