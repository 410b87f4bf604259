/** A person an e-mail goes to (ADR 0048): their address and how the e-mail names them. */
export interface MailPerson {
  id: string;
  email: string;
  firstName: string;
}

/**
 * The notification's recipients: MAIL_TO (the company's shared box) and the request's owner,
 * once each (an owner whose address is already in MAIL_TO is not added again).
 */
export function withOwner(to: string, owner: MailPerson | undefined): string {
  if (!owner) return to;
  const listed = to
    .split(',')
    .map((address) => address.trim().toLowerCase())
    .filter(Boolean);
  if (listed.includes(owner.email.trim().toLowerCase())) return to;
  return listed.length === 0 ? owner.email : `${to}, ${owner.email}`;
}
