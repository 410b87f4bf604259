import { describe, expect, it } from 'vitest';

import { pageFacts, siteClasses } from './page-facts.ts';

const sorted = (set: ReadonlySet<string>) => [...set].sort();

describe('pageFacts', () => {
  it('collects class tokens, decoding HTML entities', () => {
    const html =
      '<div class="flex md:grid-cols-2"><a class=" text-brand-800  [&amp;>svg]:size-4"></a></div>';
    expect(sorted(pageFacts(html).classes)).toEqual(
      ['[&>svg]:size-4', 'flex', 'md:grid-cols-2', 'text-brand-800'].sort(),
    );
  });

  it('lists the elements of the page and the custom properties its style attributes use', () => {
    const facts = pageFacts(
      '<!DOCTYPE html><HTML><body><ul class="x"><li style="--slide:2;width:var(--size)"></li></ul>',
    );
    expect(sorted(facts.elements)).toEqual(['body', 'html', 'li', 'ul']);
    expect([...facts.referencedProperties]).toEqual(['--size']);
    expect([...facts.classes]).toEqual(['x']);
  });

  it('leaves out elements with the hidden attribute, nested ones included, and keeps the rest', () => {
    const facts = pageFacts(
      '<div class="hidden lg:block">a</div><div hidden=""><div class="x">b</div></div><p>c</p>' +
        '<ul hidden><li>d</li></ul><input hidden class="y"><span data-x="hidden">e</span>' +
        '<div hidden="until-found"><em class="found">f</em></div>',
    );
    expect(sorted(facts.elements)).toEqual(['div', 'em', 'p', 'span']);
    expect(sorted(facts.classes)).toEqual(['found', 'hidden', 'lg:block']);
  });

  it('reads class attributes however they are quoted', () => {
    const facts = pageFacts(`<p class='one two'><b class=three>x</b></p><i class="four"></i>`);
    expect(sorted(facts.classes)).toEqual(['four', 'one', 'three', 'two']);
  });

  it('takes no markup from comments', () => {
    const facts = pageFacts('<p class="a"><!-- <table class="old" hidden> --></p><em></em>');
    expect(sorted(facts.elements)).toEqual(['em', 'p']);
    expect(sorted(facts.classes)).toEqual(['a']);
  });

  it('takes no markup from <script> and <style> content', () => {
    const facts = pageFacts(
      `<main><script>if (a<b) menu.innerHTML = '<aside class="late"></div>';</script>` +
        `<style>/* <nav class="x" style="width:var(--w)"> */ .a>b{color:red}</style>` +
        '<p class="after"></p></main>',
    );
    expect(sorted(facts.elements)).toEqual(['main', 'p', 'script', 'style']);
    expect(sorted(facts.classes)).toEqual(['after']);
    expect(sorted(facts.referencedProperties)).toEqual([]);
  });

  it('reads attribute values whole, whatever they contain', () => {
    const facts = pageFacts(
      '<div hidden><p title="</div> >">x</p><span class="inside"></span></div>' +
        `<img alt="a > b" class="pic"><p data-note=' class="fake"' class="real"></p>`,
    );
    expect(sorted(facts.elements)).toEqual(['img', 'p']);
    expect(sorted(facts.classes)).toEqual(['pic', 'real']);
  });
});

describe('siteClasses', () => {
  it('numbers every element with a class across the documents, hidden ones included', () => {
    const site = siteClasses([
      '<div class="a b"></div><div hidden><p class="c a"></p></div>',
      `<script>el.innerHTML = '<p class="b c">'</script><span class=" c "></span><i class=""></i>`,
    ]);
    expect(Object.fromEntries([...site].map(([name, elements]) => [name, [...elements]]))).toEqual({
      a: [1, 2],
      b: [1],
      c: [2, 3],
    });
  });
});
