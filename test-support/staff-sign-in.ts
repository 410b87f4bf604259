import { SIGN_IN_FRAGMENT_KEY, STAFF_API } from '#contracts/staff/contract.ts';
import { postJson } from './harness.ts';
import type { SmtpPeer } from './smtp-peer.ts';

/**
 * Signs `email` in on the server at `url` the way staff do: asks for a link, reads the token
 * from the e-mail `peer` received, exchanges it for a session. Returns the session cookie
 * (`equipe=…`); throws when a step is refused.
 */
export async function signInByMail(
  server: { url: string; origin: string },
  peer: SmtpPeer,
  email: string,
): Promise<string> {
  const before = peer.messages.length;
  const asked = await postJson(
    `${server.url}${STAFF_API.requestLink}`,
    { email },
    { Origin: server.origin },
  );
  if (asked.status !== 200) throw new Error(`sign-in link refused: ${asked.status}`);
  // The link's e-mail, not another one to that person (their morning digest may come first).
  const link = new RegExp(`#${SIGN_IN_FRAGMENT_KEY}=([\\w-]{43})`);
  const isLink = (mail: (typeof peer.messages)[number]) =>
    mail.envelopeTo.includes(email) && link.test(mail.text);
  await peer.waitFor((messages) => messages.slice(before).some(isLink));
  const mail = peer.messages.slice(before).find(isLink);
  const token = link.exec(mail?.text ?? '')?.[1];
  const session = await postJson(
    `${server.url}${STAFF_API.session}`,
    { token },
    { Origin: server.origin },
  );
  const cookie = session.headers.getSetCookie()[0]?.split(';')[0];
  if (session.status !== 200 || !cookie) throw new Error(`no session: ${session.status}`);
  return cookie;
}
