import { type Selector, transform } from 'lightningcss';
import { describe, expect, it } from 'vitest';

import { conflictKeys, longhands, specificity } from './css-cascade.ts';

function selectors(css: string): Selector[] {
  const found: Selector[] = [];
  transform({
    filename: 'test.css',
    code: Buffer.from(css),
    visitor: {
      Rule: {
        style(rule) {
          found.push(...rule.value.selectors);
        },
      },
    },
  });
  return found;
}

describe('specificity', () => {
  it('counts ids, classes, attributes and pseudo-classes, then types and pseudo-elements', () => {
    const [plain, hover, where, is, pseudo] = selectors(
      '.a{} .group:hover .b:hover{} :where(.x .y) .z{} :is(#id, .c) p{} a::before{}',
    );
    expect(specificity(plain as Selector)).toEqual([0, 1, 0]);
    expect(specificity(hover as Selector)).toEqual([0, 4, 0]);
    expect(specificity(where as Selector)).toEqual([0, 1, 0]);
    expect(specificity(is as Selector)).toEqual([1, 0, 1]);
    expect(specificity(pseudo as Selector)).toEqual([0, 0, 2]);
  });
});

describe('longhands', () => {
  it('expands shorthands and logical properties to the physical longhands they set', () => {
    expect(longhands('margin-inline')).toEqual(['margin-left', 'margin-right']);
    expect(longhands('padding')).toEqual([
      'padding-top',
      'padding-right',
      'padding-bottom',
      'padding-left',
    ]);
    expect(longhands('top')).toEqual(['inset-top']);
    expect(longhands('inset-x')).toEqual(['inset-x']);
    expect(longhands('border-color')).toEqual([
      'border-top-color',
      'border-right-color',
      'border-bottom-color',
      'border-left-color',
    ]);
    expect(longhands('border-l-width')).toEqual(['border-l-width']);
    expect(longhands('border-left-width')).toEqual(['border-left-width']);
    expect(longhands('border-top-left-radius')).toEqual(['radius-top-left']);
    expect(longhands('-webkit-text-decoration-color')).toEqual(['text-decoration-color']);
    expect(longhands('gap')).toEqual(['row-gap', 'column-gap']);
    expect(longhands('inline-size')).toEqual(['width']);
    expect(longhands('--tw-shadow')).toEqual(['--tw-shadow']);
  });

  it('lets a shorthand and one of its longhands meet, not two unrelated properties', () => {
    const [mx, ml, mt] = ['margin-inline', 'margin-left', 'margin-top'].map(
      (name) => new Set(longhands(name)),
    );
    expect([...(mx as Set<string>)].some((key) => ml?.has(key))).toBe(true);
    expect([...(mx as Set<string>)].some((key) => mt?.has(key))).toBe(false);
  });
});

describe('conflictKeys', () => {
  it('keeps !important declarations apart', () => {
    let keys = new Set<string>();
    transform({
      filename: 'test.css',
      code: Buffer.from('.a { color: red; margin-top: 0 !important }'),
      visitor: {
        Rule: {
          style(rule) {
            keys = conflictKeys(rule.value.declarations);
          },
        },
      },
    });
    expect([...keys].sort()).toEqual(['!margin-top', 'color']);
  });
});
