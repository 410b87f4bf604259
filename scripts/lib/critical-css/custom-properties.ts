/**
 * Custom properties across the split: which ones the inline CSS needs, and the theme's values
 * written out in the rest stylesheet's rules (splitStylesheet, ADR 0018).
 */
import { transform } from 'lightningcss';

import type { PageFacts } from './page-facts.ts';

export function isCustomProperty(name: string): boolean {
  return name.startsWith('--');
}

/** Names of the custom properties referenced with `var()` anywhere inside a parsed value. */
export function variableReferences(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) variableReferences(item, into);
  } else if (value !== null && typeof value === 'object') {
    const node = value as { type?: unknown; value?: { name?: { ident?: unknown } } };
    const ident = node.value?.name?.ident;
    if (node.type === 'var' && typeof ident === 'string') into.add(ident);
    for (const child of Object.values(value)) variableReferences(child, into);
  }
  return into;
}

/**
 * Custom properties the stylesheet needs: referenced outside custom properties, or by one that
 * is kept anyway (`alwaysKept`), transitively.
 */
export function neededProperties(
  css: string,
  page: PageFacts,
  alwaysKept: (name: string) => boolean,
): Set<string> {
  const roots = new Set(page.referencedProperties);
  const dependencies = new Map<string, Set<string>>();
  transform({
    filename: 'critical.css',
    code: Buffer.from(css),
    errorRecovery: true,
    visitor: {
      Declaration(declaration) {
        // lightningcss also files the properties it does not parse (e.g. `content`) as 'custom'.
        if (declaration.property === 'custom' && isCustomProperty(declaration.value.name)) {
          const { name, value } = declaration.value;
          const deps = dependencies.get(name) ?? new Set<string>();
          variableReferences(value, deps);
          dependencies.set(name, deps);
          if (alwaysKept(name)) variableReferences(value, roots);
        } else {
          variableReferences(declaration.value, roots);
        }
      },
    },
  });
  const needed = new Set<string>();
  const pending = [...roots];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (needed.has(name)) continue;
    needed.add(name);
    pending.push(...(dependencies.get(name) ?? []));
  }
  return needed;
}

/** `--name: value` of the theme's custom properties (its minified `:root` rules), as CSS text. */
export function rootValues(roots: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const [, body = ''] of roots.matchAll(/:(?:root|host)[^{]*\{([^{}]*)\}/g)) {
    let depth = 0;
    let quote = '';
    let start = 0;
    const declarations: string[] = [];
    for (let i = 0; i <= body.length; i += 1) {
      const c = body[i];
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '(') depth += 1;
      else if (c === ')') depth -= 1;
      else if ((c === ';' && depth === 0) || c === undefined) {
        declarations.push(body.slice(start, i));
        start = i + 1;
      }
    }
    for (const declaration of declarations) {
      const colon = declaration.indexOf(':');
      if (colon > 0) values.set(declaration.slice(0, colon), declaration.slice(colon + 1));
    }
  }
  return values;
}

/** Each custom property's value with the theme properties in `substituted` written out. */
export function resolveValues(
  values: Map<string, string>,
  substituted: Set<string>,
): Map<string, string> {
  const resolved = new Map<string, string>();
  const resolve = (name: string, seen: Set<string>): string => {
    const done = resolved.get(name);
    if (done !== undefined) return done;
    if (seen.has(name)) throw new Error(`${name} refers to itself`);
    const value = (values.get(name) ?? '').replace(
      /var\((--[\w-]+)\)/g,
      (reference, inner: string) =>
        substituted.has(inner) ? resolve(inner, new Set([...seen, name])) : reference,
    );
    resolved.set(name, value);
    return value;
  };
  for (const name of substituted) resolve(name, new Set());
  return resolved;
}
