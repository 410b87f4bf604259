import type { Page } from '@playwright/test';

import { expect, gotoHydrated, test, VIEWPORTS } from './fixtures.ts';

/**
 * A prerendered page inlines the rules its first paint needs and loads the rest of the site's
 * stylesheet after its first paint (ADR 0018). Together they must style every element exactly as
 * the full stylesheet does, in the states scripts create as well: each test brings a page into a
 * state, records every element's computed style (custom properties aside), then appends the full
 * stylesheet after the two (the last sheet with every rule decides the cascade alone) and
 * compares.
 */

const ROUTE_KINDS = [
  '/',
  '/contact',
  '/professionnels/hp-flottante',
  '/particuliers/pompe-a-chaleur',
  '/mentions-legales',
];

/** Waits for the page's rest stylesheet, the only stylesheet link of a prerendered page. */
async function restLoaded(page: Page) {
  const link = page.locator('link[rel="stylesheet"]');
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAttribute('href', /-rest-[\w-]+\.css$/);
  await expect
    .poll(() => link.evaluate((element: HTMLLinkElement) => element.sheet?.cssRules.length ?? 0))
    .toBeGreaterThan(0);
}

/**
 * The elements (and ::before / ::after) whose computed style changes once the full stylesheet is
 * added after the page's own two: none when the split kept the cascade.
 */
async function changesUnderFullStylesheet(page: Page): Promise<string[]> {
  await restLoaded(page);
  const full = await page.locator('style[data-inline-css]').getAttribute('data-inline-css');
  expect(full).toMatch(/^\/assets\/[\w-]+\.css$/);
  return page.evaluate(async (href) => {
    const elements = [document.documentElement, ...document.body.querySelectorAll('*')];
    const read = () =>
      elements.flatMap((element) =>
        [null, '::before', '::after'].map((pseudo) => {
          const style = getComputedStyle(element, pseudo);
          let text = '';
          for (let i = 0; i < style.length; i += 1) {
            const name = style.item(i);
            // Custom properties differ by design (the rest writes the theme's values out);
            // what they compute to is compared through the properties that use them.
            if (!name.startsWith('--')) text += `${name}:${style.getPropertyValue(name)};`;
          }
          return text;
        }),
      );
    const before = read();
    await new Promise((resolve, reject) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href ?? '';
      link.onload = resolve;
      link.onerror = reject;
      document.head.append(link);
    });
    const after = read();
    const changes: string[] = [];
    after.forEach((text, index) => {
      if (text === before[index]) return;
      const element = elements[Math.floor(index / 3)] as Element;
      const pseudo = ['', '::before', '::after'][index % 3];
      const was = new Set((before[index] ?? '').split(';'));
      const changed = text.split(';').filter((declaration) => !was.has(declaration));
      changes.push(
        `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">${pseudo}: ${changed.slice(0, 4).join('; ')}`,
      );
    });
    return changes.slice(0, 20);
  }, full);
}

test.beforeEach(async ({ page }) => {
  // Each test reads every computed property of every element and pseudo-element twice: the
  // home page's took 15 s alone and over 30 s (the default limit) on a busy machine. A harness
  // limit, not a speed requirement.
  test.slow();
  // No animation or transition between the two readings.
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
  for (const path of ROUTE_KINDS) {
    test(`${path} at ${viewport.width} px is styled as by the full stylesheet`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await gotoHydrated(page, path);
      expect(await changesUnderFullStylesheet(page)).toEqual([]);
    });
  }
}

test.describe('in the states scripts create', () => {
  test('the open Professionnels dropdown, a hovered link, the floating actions', async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await gotoHydrated(page, '/');
    await restLoaded(page);
    await page.getByRole('button', { name: 'Professionnels' }).click();
    const panel = page.locator('#menu-professionnels');
    await expect(panel).toBeVisible();
    await panel.getByRole('link').first().hover();
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect(page.getByRole('button', { name: /haut/ })).toBeVisible();
    expect(await changesUnderFullStylesheet(page)).toEqual([]);
  });

  test('the open mobile menu and its submenu', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await gotoHydrated(page, '/particuliers/pompe-a-chaleur');
    await page.getByRole('button', { name: /menu/i }).click();
    const menu = page.locator('#mobile-menu');
    await menu.getByText('Professionnels', { exact: true }).click();
    await expect(page.locator('#mobile-menu-professionnels')).toBeVisible();
    expect(await changesUnderFullStylesheet(page)).toEqual([]);
  });

  test('the home carousel on another page of solutions', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await gotoHydrated(page, '/');
    const pages = page.getByRole('button', { name: /^Page \d+ sur \d+$/ });
    await pages.nth(1).click();
    await expect(pages.nth(1)).toHaveAttribute('aria-current', 'true');
    expect(await changesUnderFullStylesheet(page)).toEqual([]);
  });

  test('the contact form with its errors, reached by client-side navigation', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await gotoHydrated(page, '/');
    await restLoaded(page);
    await page.getByRole('banner').getByRole('link', { name: 'Devis gratuit' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await page.getByRole('button', { name: /Envoyer ma demande/ }).click();
    await expect(page.getByRole('alert')).toContainText('Consentement requis');
    await expect(page.getByText('Le nom est obligatoire.')).toBeVisible();
    expect(await changesUnderFullStylesheet(page)).toEqual([]);
  });

  test('a solution page reached from a legal page by client-side navigation', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await gotoHydrated(page, '/mentions-legales');
    await restLoaded(page);
    await page.getByRole('button', { name: 'Professionnels' }).click();
    await page.locator('#menu-professionnels').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/professionnels\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await changesUnderFullStylesheet(page)).toEqual([]);
  });
});
