import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Page } from '@playwright/test';

/** One layout-shift entry as the page saw it: when, how much, and what moved where. */
export interface LayoutShift {
  startTime: number;
  value: number;
  sources: Array<{ node: string; previous: number[]; current: number[] }>;
}

/**
 * Records every layout shift of the page from its first byte (an init script), with its
 * sources described while their nodes exist: a failure then names what moved.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: unknown[] = [];
    Object.assign(window, { __layoutShifts: shifts });
    const rect = (r: DOMRectReadOnly) => [r.x, r.y, r.width, r.height].map(Math.round);
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return node ? node.nodeName : 'a removed node';
      const text = (node.textContent ?? '').trim().slice(0, 30);
      return `${node.tagName.toLowerCase()}.${String(node.className).slice(0, 60)} « ${text} »`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & {
          value: number;
          sources: Array<{ node: Node | null; previousRect: DOMRect; currentRect: DOMRect }>;
        }
      >) {
        shifts.push({
          startTime: entry.startTime,
          value: entry.value,
          sources: entry.sources.map((source) => ({
            node: describe(source.node),
            previous: rect(source.previousRect),
            current: rect(source.currentRect),
          })),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts recorded so far, after `waitMs` more (the observer reports a frame late). */
export async function layoutShifts(page: Page, waitMs = 300): Promise<LayoutShift[]> {
  await page.waitForTimeout(waitMs);
  return page.evaluate(
    () => (window as unknown as { __layoutShifts: LayoutShift[] }).__layoutShifts,
  );
}

export function totalShift(shifts: readonly LayoutShift[]): number {
  return shifts.reduce((total, shift) => total + shift.value, 0);
}

export interface TrickleProxy {
  origin: string;
  /** Sends the body of the held page, `chunkBytes` at a time with `pauseMs` between. */
  releaseBody(): void;
  close(): Promise<void>;
}

/**
 * A proxy in front of the test server that sends an HTML page as a slow connection does: its
 * head at once, then nothing until `releaseBody()`, then the body in small pieces with a pause
 * between them, so that the browser paints the page while it is still arriving. Everything else
 * passes through unchanged.
 */
export async function startTrickleProxy(
  upstream: string,
  { chunkBytes = 1024, pauseMs = 40 } = {},
): Promise<TrickleProxy> {
  let releaseBody = () => {};
  const bodyReleased = new Promise<void>((resolve) => {
    releaseBody = resolve;
  });
  const pause = () => new Promise((resolve) => setTimeout(resolve, pauseMs));
  const trickle = async (html: Buffer, response: ServerResponse) => {
    const bodyAt = html.indexOf('<body');
    response.write(html.subarray(0, bodyAt));
    await bodyReleased;
    for (let at = bodyAt; at < html.length; at += chunkBytes) {
      response.write(html.subarray(at, at + chunkBytes));
      await pause();
    }
    response.end();
  };
  const server = createServer((request, response) => {
    forward(upstream, request, response, trickle).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    releaseBody: () => releaseBody(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const HOP_HEADERS = ['content-length', 'content-encoding', 'transfer-encoding', 'connection'];

async function forward(
  upstream: string,
  request: IncomingMessage,
  response: ServerResponse,
  trickle: (html: Buffer, response: ServerResponse) => Promise<void>,
) {
  const body: Buffer[] = [];
  for await (const chunk of request) body.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string' && name !== 'host') headers.set(name, value);
  }
  headers.set('accept-encoding', 'identity');
  const answer = await fetch(upstream + (request.url ?? '/'), {
    method: request.method,
    headers,
    body: body.length > 0 ? Buffer.concat(body) : undefined,
    redirect: 'manual',
  });
  const content = Buffer.from(await answer.arrayBuffer());
  const passed: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!HOP_HEADERS.includes(name)) passed[name] = value;
  });
  response.writeHead(answer.status, passed);
  if (answer.headers.get('content-type')?.startsWith('text/html')) await trickle(content, response);
  else response.end(content);
}
