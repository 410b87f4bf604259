/**
 * The server entry, which only runs at build time: every page is prerendered (react-router.config.ts,
 * `ssr: false`). It waits for the whole page before writing it (`onAllReady`, what React
 * recommends for static generation), so that React Router's loader-data script is written in place
 * inside its Suspense boundary. With React Router's default entry (`onShellReady` unless the
 * client is a bot), the boundary was written as a placeholder, the content in a hidden `<div>`,
 * and React's 850-byte script that moves it into place in a timer after the first paint
 * (ADR 0019).
 */
import { PassThrough } from 'node:stream';

import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';

/** How long React Router waits for deferred loader data (none of ours defers any). */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          // A page that fails to render fails the build (the prerender step checks the status).
          status = 500;
          console.error(error);
        },
      },
    );
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
  });
}
