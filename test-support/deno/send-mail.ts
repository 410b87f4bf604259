/**
 * Run by Deno in the tests: sends one message through the shared HTTP API transport, to show that
 * the module the Node server uses runs unchanged on the Edge Functions' runtime.
 * Arguments: API base URL, API key, the message as JSON. Prints `{"ok":true}` or the failure.
 */
import { createHttpApiTransport } from '../../server/outbox/http-api-transport.ts';
import { TransportError, type MailMessage } from '../../server/outbox/mail-transport.ts';

declare const Deno: { args: string[] };

const [url = '', apiKey = '', json = '{}'] = Deno.args;
const transport = createHttpApiTransport({ url, apiKey, timeoutMs: 5_000 });
try {
  await transport.send(JSON.parse(json) as MailMessage, 'unused');
  console.log(JSON.stringify({ ok: true }));
} catch (error) {
  const failure = error instanceof TransportError ? error : new TransportError('unknown', false);
  console.log(JSON.stringify({ ok: false, code: failure.code, permanent: failure.permanent }));
}
