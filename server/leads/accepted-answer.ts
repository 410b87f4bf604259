import { type CallbackFacts, callbackFragment } from '#contracts/contact/callback-time.ts';
import { EARLIER_LINK_FRAGMENT } from '#contracts/contact/earlier-link.ts';
import { type ContactAccepted, CONTACT_THANKS_PATH } from '#contracts/contact/lead-contract.ts';
import type { SubmitOutcome } from './submit-lead.ts';

type Accepted = Extract<SubmitOutcome, { status: 'stored' | 'discarded' | 'duplicate' }>;

/**
 * What the endpoint answers a request it accepted: the JSON body the script reads, and the
 * thank-you page a native post is sent to, the call-back facts in its fragment (never sent to a
 * server). `confirmationLinks`: the confirmation carries a link to the visitor's page (the Node
 * server); then a request whose confirmation was withheld because one went to the address
 * within 24 h is told that the earlier one's link opens it too (`earlierLink`, ADR 0031).
 */
export function acceptedAnswer(
  outcome: Accepted,
  facts: CallbackFacts,
  confirmationLinks: boolean,
): { body: ContactAccepted; thanksPath: string } {
  const earlierLink =
    confirmationLinks && outcome.status === 'stored' && outcome.earlierConfirmation === true;
  const fragment = [callbackFragment(facts), earlierLink ? EARLIER_LINK_FRAGMENT : '']
    .filter(Boolean)
    .join('&');
  return {
    body: { ok: true, id: outcome.id, ...facts, ...(earlierLink && { earlierLink: true }) },
    thanksPath: `${CONTACT_THANKS_PATH}${fragment ? `#${fragment}` : ''}`,
  };
}
