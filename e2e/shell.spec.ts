import { siteConfig } from '#config/site.ts';
import { businessSolutions } from '#app/content/solutions/catalog.ts';
import { expect, gotoHydrated, test, VIEWPORTS } from './fixtures.ts';

test.describe('desktop header', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('links home, contact, call, quote and shows a disabled client area', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    const header = page.getByRole('banner');
    await expect(
      header.getByRole('link', { name: new RegExp(siteConfig.companyName) }),
    ).toHaveAttribute('href', '/');
    const nav = header.getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav.getByRole('link', { name: 'Accueil' })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    await expect(header.getByRole('link', { name: /^Appeler/ })).toHaveAttribute(
      'href',
      siteConfig.phone.href,
    );
    await expect(header.getByRole('link', { name: 'Devis gratuit' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(
      header.getByRole('button', { name: 'Espace Client, bientôt disponible', exact: true }),
    ).toBeDisabled();
  });

  test('the Professionnels dropdown lists the 11 business pages in 3 columns', async ({ page }) => {
    await gotoHydrated(page, '/');
    const trigger = page.getByRole('button', { name: 'Professionnels' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator('#menu-professionnels');
    const links = panel.getByRole('link');
    await expect(links).toHaveCount(11);
    for (const [index, entry] of businessSolutions.entries()) {
      await expect(links.nth(index)).toHaveText(entry.title);
      await expect(links.nth(index)).toHaveAttribute('href', `/professionnels/${entry.slug}`);
    }
    const columns = await panel
      .getByRole('list')
      .evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(3);

    await links.nth(2).click();
    await expect(page).toHaveURL(/\/professionnels\/eclairage-led$/);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  test('the dropdown closes on an outside click', async ({ page }) => {
    await gotoHydrated(page, '/');
    const trigger = page.getByRole('button', { name: 'Professionnels' });
    await trigger.click();
    await expect(page.locator('#menu-professionnels')).toBeVisible();
    await page.mouse.click(8, 820);
    await expect(page.locator('#menu-professionnels')).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  test('the dropdown is keyboard-operable and Escape returns focus to its trigger', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const trigger = page.getByRole('button', { name: 'Professionnels' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#menu-professionnels')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.locator('#menu-professionnels').getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('#menu-professionnels')).toBeHidden();
    await expect(trigger).toBeFocused();

    await page.keyboard.press('ArrowDown');
    await expect(page.locator('#menu-professionnels').getByRole('link').first()).toBeFocused();
  });

  test('the particuliers trigger is disabled and opening it never closes the other', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const particuliers = page.getByRole('button', { name: /Particuliers/ });
    await expect(particuliers).toBeDisabled();
    // The name holds the visible « Particuliers Bientôt » (WCAG 2.5.3).
    await expect(particuliers).toHaveAccessibleName('Particuliers, bientôt disponible');
    await page.getByRole('button', { name: 'Professionnels' }).click();
    await particuliers.click({ force: true });
    await expect(page.locator('#menu-professionnels')).toBeVisible();
    await expect(page.locator('#menu-particuliers')).toHaveCount(0);
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('opens, lists the business pages, calls, and closes on Escape or navigation', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();
    const toggle = page.getByRole('button', { name: /menu/i });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: /Appeler maintenant/ })).toHaveAttribute(
      'href',
      siteConfig.phone.href,
    );

    // A native disclosure (<details>): folded, then open, then folded again.
    const pro = menu.locator('details:has(#mobile-menu-professionnels)');
    await expect(pro).not.toHaveAttribute('open');
    await pro.getByText('Professionnels', { exact: true }).click();
    await expect(pro).toHaveAttribute('open');
    await expect(page.locator('#mobile-menu-professionnels').getByRole('link')).toHaveCount(11);
    await pro.getByText('Professionnels', { exact: true }).click();
    await expect(page.locator('#mobile-menu-professionnels')).toBeHidden();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await menu.getByText('Professionnels', { exact: true }).click();
    await page
      .locator('#mobile-menu-professionnels')
      .getByRole('link', { name: 'Climatisation' })
      .click();
    await expect(page).toHaveURL(/\/professionnels\/climatisation$/);
    await expect(menu).toBeHidden();
  });
});

test.describe('floating actions', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('appear only beyond 300 px of scroll and back-to-top returns to the top', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoHydrated(page, '/mentions-legales');
    await page.evaluate(() => {
      document.body.style.minHeight = '4000px';
    });
    const backToTop = page.getByRole('button', { name: /haut/ });
    const floatingContact = page.getByRole('link', { name: 'Contactez-nous' });
    await expect(backToTop).toHaveCount(0);

    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForTimeout(100);
    await expect(backToTop).toHaveCount(0);

    await page.evaluate(() => window.scrollTo(0, 301));
    await expect(backToTop).toBeVisible();
    await expect(floatingContact).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('link', { name: 'Devis gratuit' }).last()).toHaveAttribute(
      'href',
      '/contact',
    );

    await backToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(backToTop).toHaveCount(0);
  });
});

test.describe('footer', () => {
  test('links the legal pages and shows the company contacts', async ({ page }) => {
    await gotoHydrated(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: siteConfig.phone.display })).toHaveAttribute(
      'href',
      siteConfig.phone.href,
    );
    await expect(footer.getByRole('link', { name: siteConfig.email })).toHaveAttribute(
      'href',
      `mailto:${siteConfig.email}`,
    );
    await expect(footer).toContainText(siteConfig.registeredOffice.city);

    for (const [name, path, heading] of [
      ['Mentions légales', '/mentions-legales', 'Mentions légales'],
      [
        'Politique de confidentialité',
        '/politique-confidentialite',
        'Politique de confidentialité',
      ],
      ['Conditions générales de vente', '/cgv', 'Conditions générales de vente'],
    ] as const) {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await footer.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // Every navigation opens the new page at the top.
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    }
  });
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await gotoHydrated(page, '/contact');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Aller au contenu principal' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});

test.describe('scroll positions', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('going back restores the previous position; new pages open at the top', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoHydrated(page, '/politique-confidentialite');
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
    await page.waitForTimeout(100);
    // The sticky header is in view: clicking it does not scroll the page first.
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Contact' })
      .click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/politique-confidentialite$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
    expect(await page.evaluate(() => sessionStorage.length + localStorage.length)).toBe(0);
  });
});
