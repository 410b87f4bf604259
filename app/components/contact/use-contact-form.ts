import {
  type ChangeEvent,
  type FormEvent,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { useOutletContext } from 'react-router';

import {
  type ContactField,
  type FieldErrors,
  isRequiredField,
  LIMITS,
  type TextField as TextFieldName,
} from '#contracts/contact/fields.ts';
import { contactPageText } from '#app/content/contact.ts';
import type { VisitOrigin } from '#app/components/navigation-origin.ts';
import { loadValidation, type Validation } from './deferred-code.ts';
import { EMPTY, type FormValues, useRequestedProduct } from './form-values.ts';
import { useFormNotice } from './use-form-notice.ts';
import { useHydrated } from './use-hydrated.ts';

const text = contactPageText.form;
const notices = contactPageText.notices;

/** The first focus in the form is the moment to fetch the validation: it is there by the submit. */
function usePrefetchOnFirstFocus(formRef: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const prefetch = () => void loadValidation().catch(() => undefined);
    form.addEventListener('focusin', prefetch, { once: true });
    return () => form.removeEventListener('focusin', prefetch);
  }, [formRef]);
}

/** Tells the visitor the validation could not load (network): nothing can be checked or sent. */
function sayValidationUnavailable(formNotice: ReturnType<typeof useFormNotice>) {
  flushSync(() =>
    formNotice.showNotice({
      tone: 'error',
      title: notices.errorTitle,
      description: notices.errorFallback,
    }),
  );
  formNotice.revealNotice();
}

/** The form's values and errors; changing a field clears its error. */
function useFormValues() {
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});

  function update<K extends keyof FormValues>(field: K, value: FormValues[K]) {
    setValues((previous) => ({ ...previous, [field]: value }));
    // Only the form's fields have errors (`website`, the honeypot, never has one).
    if (errors[field as ContactField]) {
      setErrors((previous) => ({ ...previous, [field]: undefined }));
    }
  }

  /** Ticks or unticks one day or slot of the choice. */
  function toggle(field: 'jours' | 'creneaux', value: string, on: boolean) {
    const others = values[field].filter((item) => item !== value);
    update(field, (on ? [...others, value] : others) as FormValues[typeof field]);
  }

  return { values, setValues, errors, setErrors, update, toggle };
}

/**
 * The contact form's state (contact-form.tsx): the values, the errors, whether a request is on
 * its way, the notice, and the submit that loads the validation and hands the form over to it.
 */
export function useContactForm() {
  const idPrefix = useId();
  const fieldId = (field: keyof FormValues | ContactField) => `${idPrefix}-${field}`;
  const formRef = useRef<HTMLFormElement>(null);
  const pendingRef = useRef(false);
  const { values, setValues, errors, setErrors, update, toggle } = useFormValues();
  const [pending, setPending] = useState(false);
  /** The consent's error is said by the notice under it (the reference's consent notice). */
  const [consentInNotice, setConsentInNotice] = useState(false);
  const hydrated = useHydrated();
  const formNotice = useFormNotice();
  // From the root route (absent when the form is rendered alone, as in unit tests).
  const origin = useOutletContext<VisitOrigin | undefined>();
  const requestedProduct = useRequestedProduct(hydrated);
  const produit = values.produit ?? requestedProduct;
  usePrefetchOnFirstFocus(formRef);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pendingRef.current) return;
    pendingRef.current = true;
    let validation: Validation;
    try {
      validation = await loadValidation();
    } catch {
      pendingRef.current = false;
      sayValidationUnavailable(formNotice);
      return;
    }
    await validation.checkAndSend({
      values,
      produit,
      origin: { pageOrigine: origin?.sourcePage(), ...origin?.landingCampaign() },
      fieldId,
      setErrors,
      setConsentInNotice,
      setPending,
      setValues,
      showNotice: formNotice.showNotice,
      dismissNotice: formNotice.dismissNotice,
      revealNotice: formNotice.revealNotice,
      element: formRef.current,
      settled: () => {
        pendingRef.current = false;
      },
    });
  }

  return {
    idPrefix,
    fieldId,
    formRef,
    values,
    errors,
    pending,
    consentInNotice,
    hydrated,
    formNotice,
    produit,
    update,
    toggle,
    handleSubmit,
    /** Id, name, label, bound, value, error and change handler of one text field. */
    textFieldProps: (field: TextFieldName) => ({
      id: fieldId(field),
      name: field,
      label: text.labels[field],
      maxLength: LIMITS[field],
      required: isRequiredField(field),
      value: values[field],
      error: errors[field],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        update(field, event.target.value),
    }),
  };
}
