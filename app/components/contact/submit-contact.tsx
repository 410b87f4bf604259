/**
 * What the contact form does on submit once its validation has loaded (deferred-code.ts): check
 * the request in French, then post it and say the outcome. Loaded with the validation, not with
 * the page: the page's first load only renders the form.
 */
import { flushSync } from 'react-dom';

import type { ContactField, FieldErrors } from '#contracts/contact/fields.ts';
import type { RequestOrigin } from '#contracts/contact/lead-contract.ts';
import { ContactFormSchema, fieldErrors } from '#contracts/contact/schema.ts';
import type { Notice } from '#app/components/ui/notice.tsx';
import type { contactPageText } from '#app/content/contact.ts';
import {
  callbackSentenceOf,
  contactProblemsText as problems,
  FixLinks,
} from './after-first-focus.tsx';
import { EMPTY, fieldsIn, type FormValues } from './form-values.ts';
import { sendContactRequest } from './send-contact-request.ts';

/** The form's state and the means to change it, as the form hands them over. */
export interface SubmitContext {
  values: FormValues;
  /** The product: the visitor's pick, or the page's `?produit=`. */
  produit: string;
  origin: RequestOrigin;
  notices: typeof contactPageText.notices;
  fieldId: (field: ContactField) => string;
  setErrors: (errors: FieldErrors) => void;
  setConsentInNotice: (inNotice: boolean) => void;
  setPending: (pending: boolean) => void;
  setValues: (values: FormValues) => void;
  showNotice: (notice: Omit<Notice, 'id'>) => void;
  dismissNotice: () => void;
  revealNotice: () => void;
  focusFirstInvalid: (errors: FieldErrors) => void;
  /** Called once nothing is in progress any more (checked and refused, or answered). */
  settled: () => void;
}

export async function checkAndSend(form: SubmitContext): Promise<void> {
  const { values, notices, fieldId } = form;
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
    form.focusFirstInvalid(found);
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
        title: notices.successTitle,
        description: notices.successText,
        detail: callbackSentenceOf(outcome.callback),
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
    form.focusFirstInvalid(outcome.fields);
  } else {
    form.revealNotice();
  }
}
