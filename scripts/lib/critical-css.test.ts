import { describe, expect, it } from 'vitest';

import { classesInHtml, criticalCss } from './critical-css';

describe('classesInHtml', () => {
  it('collects class tokens, decoding HTML entities', () => {
    const html =
      '<div class="flex md:grid-cols-2"><a class=" text-brand-800  [&amp;>svg]:size-4"></a></div>';
    expect([...classesInHtml(html)].sort()).toEqual(
      ['[&>svg]:size-4', 'flex', 'md:grid-cols-2', 'text-brand-800'].sort(),
    );
  });
});

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
    const out = criticalCss(css, new Set(['flex', 'md:grid-cols-2', 'space-y-2', 'b']));
    expect(out).toContain('box-sizing:border-box');
    expect(out).toContain('html{color:#000}');
    expect(out).toContain('.flex{display:flex}');
    expect(out).toContain('.md\\:grid-cols-2');
    expect(out).toContain('.space-y-2>:not(:last-child)');
    expect(out).not.toContain('.grid{');
    expect(out).not.toContain('hover\\:bg-x');
    expect(out).not.toContain('md\\:hidden');
    expect(out).not.toContain('group-hover');
    expect(out).toContain('.b{opacity:.5}');
    expect(out).not.toContain('.a');
  });

  it('keeps a compound selector only when every class in it is used', () => {
    expect(criticalCss(css, new Set(['group-hover:underline']))).not.toContain('group-hover');
    expect(criticalCss(css, new Set(['group', 'group-hover:underline']))).toContain(
      '.group:hover .group-hover\\:underline',
    );
  });
});
