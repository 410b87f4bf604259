import { expect, holdScripts, test, waitForHydration } from './fixtures.ts';
import {
  layoutShifts,
  recordLayoutShifts,
  startTrickleProxy,
  totalShift,
} from './support/layout-shifts.ts';

/**
 * Nothing on the home page moves under the reader's eyes on a phone: neither while its HTML
 * arrives and is painted piece by piece, nor when the scripts hydrate it. Each test measures one
 * of the two, whatever the machine's load (ADR 0035): the limit is a tenth of the « good »
 * cumulative layout shift of Core Web Vitals.
 */
const PHONE = { width: 375, height: 812 };
const LIMIT = 0.01;
/** A slow phone's CPU, against the test machine's (Chrome DevTools' « 4× slowdown »). */
const SLOW_PHONE_CPU = 4;

test.use({ viewport: PHONE });

test('hydration shifts nothing on a phone, its CPU slowed as a slow phone’s', async ({ page }) => {
  await recordLayoutShifts(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE_CPU });
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  // The page as its HTML and styles draw it, whole: every byte parsed, the font and the rest of
  // the stylesheet applied, two frames painted. What moves from here on, hydration moves.
  await page.waitForFunction(() => {
    const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    return sheets.length > 0 && sheets.every((link) => link.sheet !== null);
  });
  const hydrationStart = await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return performance.now();
  });
  await release();
  await waitForHydration(page);
  const shifts = (await layoutShifts(page)).filter((shift) => shift.startTime >= hydrationStart);
  console.log(`layout shift during hydration: ${totalShift(shifts)}`);
  expect(totalShift(shifts), JSON.stringify(shifts, null, 1)).toBeLessThan(LIMIT);
});

test('the page shifts nothing while its HTML arrives piece by piece on a phone', async ({
  page,
  baseURL,
}) => {
  const proxy = await startTrickleProxy(baseURL!, { chunkBytes: 1024, pauseMs: 40 });
  try {
    await recordLayoutShifts(page);
    await page.goto(`${proxy.origin}/`, { waitUntil: 'commit' });
    // The font before the first line of text: when a swap happens depends on the network, not on
    // the page's layout, which is what this test is about (ADR 0035).
    const fontLoaded = await page.evaluate(async () => {
      while (document.fonts.size === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      await document.fonts.load('1em "Inter Variable"');
      return document.fonts.check('1em "Inter Variable"');
    });
    expect(fontLoaded).toBe(true);
    proxy.releaseBody();
    await waitForHydration(page);
    const shifts = await layoutShifts(page);
    console.log(`layout shift while the HTML arrives: ${totalShift(shifts)}`);
    expect(totalShift(shifts), JSON.stringify(shifts, null, 1)).toBeLessThan(LIMIT);
  } finally {
    await proxy.close();
  }
});
