/**
 * What the contact form needs once the visitor works with it, loaded with the schema
 * (deferred-code.ts, submit-contact.tsx) rather than with the page: the wording of the problems a
 * check finds, the list of fields to fix, and the call-back time's sentence for an accepted
 * request.
 */
import type { MouseEvent } from 'react';

import { type CallbackFacts, callbackFactsSentence } from '#contracts/contact/callback-time.ts';
import type { ContactField } from '#contracts/contact/fields.ts';
import { contactProblemsText } from '#app/content/contact-problems.ts';

export { contactProblemsText };

/**
 * « Nous vous appellerons … entre … », « Nous vous répondrons par e-mail … » or « Nous vous
 * rappellerons au plus tard … » for the answer's call-back facts, if it has a time.
 */
export function callbackSentenceOf(facts: CallbackFacts): string | undefined {
  return callbackFactsSentence(facts);
}

/** Moves to a field named in the notice: focused (the browser scrolls it into view). */
function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const field = document.getElementById(id);
  if (!field) return;
  event.preventDefault();
  field.focus();
}

/**
 * The fields in error (in the form's order), as links from the notice to each: their messages
 * stay beside the fields, so each is said once. Nothing when no field is named.
 */
export function FixLinks({
  fields,
  fieldId,
}: {
  fields: readonly ContactField[];
  fieldId: (field: ContactField) => string;
}) {
  if (fields.length === 0) return null;
  return (
    <div className="mt-2 text-sm text-slate-800">
      <p>{contactProblemsText.fixIntro}</p>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {fields.map((field) => (
          <li key={field}>
            <a
              href={`#${fieldId(field)}`}
              onClick={(event) => focusField(event, fieldId(field))}
              className="inline-flex min-h-11 items-center font-semibold text-danger-700 underline underline-offset-4"
            >
              {contactProblemsText.fieldNames[field]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
