import { publicPaths } from '#app/routes-list.ts';
import { expect, gotoHydrated, test } from './fixtures.ts';

const paths = publicPaths();

for (const path of [...paths, '/nulle-part']) {
  test(`${path} runs without any Content-Security-Policy violation`, async ({ page, problems }) => {
    if (path === '/nulle-part') problems.allowConsoleError(/nulle-part|status of 404/);
    const violations: string[] = [];
    await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        );
      });
    });
    await gotoHydrated(page, path);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(150);
    expect(violations).toEqual([]);
  });
}
