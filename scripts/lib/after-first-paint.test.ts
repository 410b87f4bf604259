// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  AFTER_PAINT_MODULE_TYPE,
  FALLBACK_DELAY_MS,
  deferUntilFirstPaint,
} from './after-first-paint.ts';

const MODULE_SCRIPT =
  'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-2.js";\nimport("/assets/entry.client-3.js");';

/** The shape React Router and the root layout give a prerendered page. */
function builtPage(): string {
  return (
    '<!DOCTYPE html><html lang="fr"><head><title>t</title>' +
    '<link rel="modulepreload" href="/assets/manifest-1.js"/>' +
    '<link rel="modulepreload" href="/assets/entry.client-3.js"/>' +
    '<link rel="modulepreload" href="/assets/root-2.js"/>' +
    '<style data-inline-css="/assets/app-9.css">p{color:red}</style>' +
    '<script data-after-first-paint="/assets/app-9.css"></script></head>' +
    `<body><p>Bonjour</p><script>window.ctx = 1</script><script type="module" async="">${MODULE_SCRIPT}</script></body></html>`
  );
}

describe('deferUntilFirstPaint', () => {
  it('removes the module preloads, makes the module script inert and fills the loader', () => {
    const { html, modules } = deferUntilFirstPaint(builtPage(), { renderedBeforeHydration: true });
    expect(modules).toBe(3);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(`<script type="${AFTER_PAINT_MODULE_TYPE}">${MODULE_SCRIPT}</script>`);
    expect(html).not.toContain('data-after-first-paint');
    expect(html).toContain('["manifest-1","entry.client-3","root-2"]');
    // Everything else is left as it was.
    expect(html).toContain('<style data-inline-css="/assets/app-9.css">p{color:red}</style>');
    expect(html).toContain('<script>window.ctx = 1</script>');
  });

  it('only requests the stylesheet on a page that paints nothing before hydration', () => {
    const { html, modules } = deferUntilFirstPaint(builtPage(), { renderedBeforeHydration: false });
    expect(modules).toBe(0);
    expect(html).toContain('<link rel="modulepreload" href="/assets/root-2.js"/>');
    expect(html).toContain('<script type="module" async="">');
    expect(html).toContain('l.href="/assets/app-9.css"');
  });

  it('stops the build when the page does not have the expected shape', () => {
    const page = builtPage();
    expect(() =>
      deferUntilFirstPaint(page.replace(/<script data-after-first-paint[^>]*><\/script>/, ''), {
        renderedBeforeHydration: true,
      }),
    ).toThrow(/placeholder/);
    expect(() =>
      deferUntilFirstPaint(page.replace('<script type="module" async="">', '<script>'), {
        renderedBeforeHydration: true,
      }),
    ).toThrow(/module script/);
  });
});

describe('the loader, run in a document', () => {
  type PaintCallback = (list: { getEntriesByName(name: string): unknown[] }) => void;
  let paint: PaintCallback | undefined;

  class FakePerformanceObserver {
    static supportedEntryTypes = ['paint'];
    constructor(callback: PaintCallback) {
      paint = callback;
    }
    observe() {}
  }

  function runLoader(): void {
    const { html } = deferUntilFirstPaint(builtPage(), { renderedBeforeHydration: true });
    document.documentElement.innerHTML = new DOMParser().parseFromString(
      html,
      'text/html',
    ).documentElement.innerHTML;
    const loader = [...document.head.querySelectorAll('script')].find((script) =>
      script.textContent.includes('PerformanceObserver'),
    );
    // Same as the browser running the inline script.
    new Function(loader?.textContent ?? '')();
  }

  const added = () => ({
    stylesheets: [...document.head.querySelectorAll('link[rel="stylesheet"]')].map((link) =>
      link.getAttribute('href'),
    ),
    preloads: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    ),
    moduleScripts: [...document.head.querySelectorAll('script[type="module"]')].map(
      (script) => script.textContent,
    ),
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    paint = undefined;
  });

  it('requests nothing before the first contentful paint, then everything in three tasks', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
    runLoader();
    expect(added()).toEqual({ stylesheets: [], preloads: [], moduleScripts: [] });

    paint?.({ getEntriesByName: () => [] }); // first-paint only: not contentful yet
    vi.advanceTimersByTime(0);
    expect(added().preloads).toEqual([]);

    paint?.({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
    // One task each: the stylesheet, the module preloads, the module script.
    vi.advanceTimersToNextTimer();
    expect(added()).toEqual({
      stylesheets: ['/assets/app-9.css'],
      preloads: [],
      moduleScripts: [],
    });
    vi.advanceTimersToNextTimer();
    expect(added().preloads).toHaveLength(3);
    expect(added().moduleScripts).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(added()).toEqual({
      stylesheets: ['/assets/app-9.css'],
      preloads: ['/assets/manifest-1.js', '/assets/entry.client-3.js', '/assets/root-2.js'],
      moduleScripts: [MODULE_SCRIPT],
    });
    vi.advanceTimersByTime(FALLBACK_DELAY_MS);
    expect(added().moduleScripts).toHaveLength(1);
  });

  it('goes ahead after the fallback delay when no contentful paint comes', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
    runLoader();
    vi.advanceTimersByTime(FALLBACK_DELAY_MS - 1);
    expect(added().stylesheets).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(added().stylesheets).toEqual(['/assets/app-9.css']);
    vi.runAllTimers();
    expect(added().moduleScripts).toEqual([MODULE_SCRIPT]);
  });

  it('loads everything without waiting where paint timing is missing', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', undefined);
    runLoader();
    expect(added().stylesheets).toEqual(['/assets/app-9.css']);
    vi.runAllTimers();
    expect(added().preloads).toHaveLength(3);
    expect(added().moduleScripts).toEqual([MODULE_SCRIPT]);
  });
});
