/**
 * What the contact form does on submit once its validation has loaded (deferred-code.ts): check
 * the request in French, then post it and say the outcome. Loaded with the validation, not with
 * the page: the page's first load only renders the form.
 */
import { flushSync } from 'react-dom';

import { CONTACT_FIELDS, type ContactField, type FieldErrors } from '#contracts/contact/fields.ts';
import type { RequestOrigin } from '#contracts/contact/lead-contract.ts';
import { ContactFormSchema, fieldErrors } from '#contracts/contact/schema.ts';
import type { Notice } from '#app/components/ui/notice.tsx';
import { contactPageText } from '#app/content/contact.ts';
import {
  callbackSentenceOf,
  contactProblemsText as problems,
  FixLinks,
} from './after-first-focus.tsx';
import { EMPTY, type FormValues } from './form-values.ts';
import { sendContactRequest } from './send-contact-request.ts';

/** The form's state and the means to change it, as the form hands them over. */
export interface SubmitContext {
  values: FormValues;
  /** The product: the visitor's pick, or the page's `?produit=`. */
  produit: string;
  origin: RequestOrigin;
  fieldId: (field: ContactField) => string;
  setErrors: (errors: FieldErrors) => void;
  setConsentInNotice: (inNotice: boolean) => void;
  setPending: (pending: boolean) => void;
  setValues: (values: FormValues) => void;
  showNotice: (notice: Omit<Notice, 'id'>) => void;
  dismissNotice: () => void;
  revealNotice: () => void;
  /** The form element, to focus the first field in error. */
  element: HTMLFormElement | null;
  /** Called once nothing is in progress any more (checked and refused, or answered). */
  settled: () => void;
}

/** The fields in error, in the form's order. */
const fieldsIn = (found: FieldErrors) => CONTACT_FIELDS.filter((field) => found[field]);

/** Focuses the first field in error; of a group of radios or boxes, its first one. */
function focusFirstIn(form: HTMLFormElement | null, found: FieldErrors): void {
  const [first] = fieldsIn(found);
  if (!first) return;
  const named = form?.elements.namedItem(first);
  const element = named instanceof RadioNodeList ? named[0] : named;
  if (element instanceof HTMLElement) element.focus();
}

export async function checkAndSend(form: SubmitContext): Promise<void> {
  const { values, fieldId } = form;
  const { notices } = contactPageText;
  // The days and slots apply to the phone only: the e-mail sends none.
  const byEmail = values.recontact === 'email';
  const result = ContactFormSchema.safeParse({
    ...values,
    produit: form.produit,
    ...(byEmail && { jours: [], creneaux: [] }),
  });
  if (!result.success) {
    const found = fieldErrors(result.error);
    form.settled();
    // Shown before moving focus, so the field is announced with its message. The notice
    // names the fields to fix; without consent it is the reference's consent notice, which
    // then also stands for the box's own message.
    flushSync(() => {
      form.setErrors(found);
      form.setConsentInNotice(!values.rgpdConsent);
      form.showNotice({
        tone: 'error',
        title: values.rgpdConsent ? problems.incompleteTitle : problems.consentTitle,
        description: values.rgpdConsent ? problems.incompleteText : problems.consentText,
        more: <FixLinks fields={fieldsIn(found)} fieldId={fieldId} />,
      });
    });
    focusFirstIn(form.element, found);
    return;
  }

  form.setErrors({});
  form.setConsentInNotice(false);
  form.dismissNotice();
  form.setPending(true);
  const outcome = await sendContactRequest(result.data, values.website, form.origin);
  form.settled();
  form.setPending(false);
  flushSync(() => {
    if (outcome.ok) {
      form.setValues({ ...EMPTY, produit: '' });
      form.showNotice({
        tone: 'success',
        title: problems.sentTitle,
        description: problems.sentText,
        detail: callbackSentenceOf(outcome.callback),
        more: outcome.earlierLink ? (
          <p className="mt-1 text-sm text-slate-800">{problems.earlierLink}</p>
        ) : undefined,
      });
    } else {
      // The server's verdict per field, shown like the form's own.
      form.setErrors(outcome.fields);
      form.showNotice({
        tone: 'error',
        title: notices.errorTitle,
        description: outcome.message ?? notices.errorFallback,
        more: <FixLinks fields={fieldsIn(outcome.fields)} fieldId={fieldId} />,
      });
    }
  });
  if (!outcome.ok && Object.keys(outcome.fields).length > 0) {
    focusFirstIn(form.element, outcome.fields);
  } else {
    form.revealNotice();
  }
}
