import { afterAll, beforeAll, expect } from 'vitest';

import { startTestServer, type TestServer } from '#test-support/harness.ts';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '#test-support/smtp-peer.ts';

/**
 * What the JSON endpoint's tests (routes.*.test.ts) share: one server and its SMTP peer per test
 * file, started before its first test and stopped after its last. `peer` and `server` are live
 * bindings: read them inside a test, once `serveForThisFile()` has run its `beforeAll`.
 */
export let peer: SmtpPeer;
export let server: TestServer;

/** Called once at the top of a test file. */
export function serveForThisFile(): void {
  beforeAll(async () => {
    peer = await startSmtpPeer();
    server = await startTestServer({ smtpUrl: peer.url });
  });
  afterAll(async () => {
    await server.close();
    await peer.stop();
  });
}

/** The e-mails the peer received for one lead. */
export function mailsFor(id: string): ReceivedMail[] {
  return peer.messages.filter((mail) => mail.headers.get('x-lead-id') === id);
}

/** Any error text we send is French: no English words from a library leak through. */
export function expectFrenchError(body: unknown) {
  expect(body).toEqual(expect.objectContaining({ error: expect.any(String) }));
  const error = (body as { error: string }).error;
  expect(error.length).toBeGreaterThan(5);
  expect(error).not.toMatch(/\b(invalid|expected|unexpected|error|undefined|token|at )\b/i);
  expect(error).not.toMatch(/\n\s+at /);
}
