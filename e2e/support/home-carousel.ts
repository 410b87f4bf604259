import type { Locator, Page } from '@playwright/test';

import { solutionsText } from '#app/content/home.ts';
import { businessSolutions } from '#app/content/solutions/catalog.ts';
import { expect, VIEWPORTS } from '#e2e/fixtures.ts';

/** The home page's solutions carousel, as the home specs (home.*.spec.ts) read it. */
export const total = businessSolutions.length;

export const layouts = [
  { name: 'phone', viewport: VIEWPORTS.phone, size: 1 },
  { name: 'tablet', viewport: VIEWPORTS.tablet, size: 2 },
  { name: 'desktop', viewport: VIEWPORTS.desktop, size: 3 },
] as const;

export function carousel(page: Page) {
  return page.getByRole('region', { name: solutionsText.carouselLabel, exact: true });
}

export function slides(page: Page) {
  return carousel(page).locator(`[aria-roledescription="${solutionsText.slideRoleDescription}"]`);
}

export function dots(page: Page) {
  return carousel(page).getByRole('button', { name: /^Page \d+ sur \d+$/ });
}

/** Positions of the slides that are reachable (not inert) and those inside the visible frame. */
export async function shownSlides(page: Page) {
  return slides(page).evaluateAll((elements) => {
    const frame = elements[0]!.parentElement!.parentElement!.getBoundingClientRect();
    const reachable: number[] = [];
    const inFrame: number[] = [];
    elements.forEach((element, position) => {
      if (!(element as HTMLElement).inert) reachable.push(position);
      const box = element.getBoundingClientRect();
      if (box.left >= frame.left - 1 && box.right <= frame.right + 1) inFrame.push(position);
    });
    return { reachable, inFrame };
  });
}

export async function expectPage(page: Page, size: number, pageIndex: number) {
  const pages = Math.ceil(total / size);
  const first = pageIndex * size;
  const expected = Array.from({ length: Math.min(size, total - first) }, (_, i) => first + i);
  await expect.poll(() => shownSlides(page)).toEqual({ reachable: expected, inFrame: expected });
  await expect(dots(page)).toHaveCount(pages);
  await expect(dots(page).nth(pageIndex)).toHaveAttribute('aria-current', 'true');
  await expect(carousel(page).locator('[aria-current="true"]')).toHaveCount(1);
  await expect(dots(page).nth(pageIndex)).toHaveAccessibleName(
    `Page ${pageIndex + 1} sur ${pages}`,
  );
}

export function controls(page: Page): { previous: Locator; next: Locator } {
  return {
    previous: carousel(page).getByRole('button', { name: 'Précédent', exact: true }),
    next: carousel(page).getByRole('button', { name: 'Suivant', exact: true }),
  };
}
