import { describe, expect, it } from 'vitest';

import { unwrapPreloads } from './deferred-import.ts';

describe('unwrapPreloads', () => {
  it('unwraps the deferred chunk’s import and leaves every other one wrapped', () => {
    const code = [
      'validation ??= __vitePreload(() => import("./submit-contact-!~{00x}~.js"), __VITE_PRELOAD__).then(load);',
      'other = __vitePreload(() => import("./schema-!~{00u}~.js"), __VITE_PRELOAD__);',
    ].join('\n');
    expect(unwrapPreloads(code)).toBe(
      [
        'validation ??= import("./submit-contact-!~{00x}~.js").then(load);',
        'other = __vitePreload(() => import("./schema-!~{00u}~.js"), __VITE_PRELOAD__);',
      ].join('\n'),
    );
  });

  it('leaves code without the wrap as it is', () => {
    const code = 'import("./submit-contact-abc.js").then(load);';
    expect(unwrapPreloads(code)).toBe(code);
  });
});
