import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useOutletContext } from 'react-router';

import { contactEndpointUrl } from '#contracts/contact/lead-contract.ts';
import { PRODUCT_OPTIONS } from '#contracts/contact/products.ts';
import {
  CLIENT_TYPE,
  type ContactField,
  type FieldErrors,
  isRequiredField,
  LIMITS,
  PHONE_INPUT_PATTERN,
  type TextField as TextFieldName,
} from '#contracts/contact/fields.ts';
import { siteConfig } from '#config/site.ts';
import { CHOICE_VERSION, CHOICE_VERSION_FIELD } from '#contracts/contact/contact-choice.ts';
import { contactPageText } from '#app/content/contact.ts';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/class-names.ts';
import { TextField, SelectField } from '#app/components/ui/field.tsx';
import { Send } from '#app/components/ui/icons.tsx';
import { NoticeArea } from '#app/components/ui/notice.tsx';
import { ConsentField } from './consent-field.tsx';
import { ContactChoiceField } from './contact-choice-field.tsx';
import { loadValidation, type Validation } from './deferred-code.ts';
import { EMPTY, type FormValues, useRequestedProduct } from './form-values.ts';
import { Honeypot } from './honeypot.tsx';
import { MessageField } from './message-field.tsx';
import type { VisitOrigin } from '#app/components/navigation-origin.ts';
import { useFormNotice } from './use-form-notice.ts';
import { useHydrated } from './use-hydrated.ts';

const text = contactPageText.form;
const notices = contactPageText.notices;

/** Where the prerendered form posts natively, before (or without) the script. */
const NATIVE_ACTION = contactEndpointUrl(siteConfig.backendUrl);

type Errors = FieldErrors;

export function ContactForm() {
  const idPrefix = useId();
  const fieldId = (field: keyof FormValues | ContactField) => `${idPrefix}-${field}`;
  const formRef = useRef<HTMLFormElement>(null);
  const pendingRef = useRef(false);
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  /** The consent's error is said by the notice under it (the reference's consent notice). */
  const [consentInNotice, setConsentInNotice] = useState(false);
  const hydrated = useHydrated();
  const { notice, noticeRef, showNotice, dismissNotice, revealNotice } = useFormNotice();
  // From the root route (absent when the form is rendered alone, as in unit tests).
  const origin = useOutletContext<VisitOrigin | undefined>();
  const requestedProduct = useRequestedProduct(hydrated);
  const produit = values.produit ?? requestedProduct;

  // The first focus in the form is the moment to fetch the validation: it is there by the submit.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const prefetch = () => void loadValidation().catch(() => undefined);
    form.addEventListener('focusin', prefetch, { once: true });
    return () => form.removeEventListener('focusin', prefetch);
  }, []);

  function update<K extends keyof FormValues>(field: K, value: FormValues[K]) {
    setValues((previous) => ({ ...previous, [field]: value }));
    // Only the form's fields have errors (`website`, the honeypot, never has one).
    if (errors[field as ContactField]) {
      setErrors((previous) => ({ ...previous, [field]: undefined }));
    }
  }

  /** Id, name, label, bound, value, error and change handler of one text field. */
  function textFieldProps(field: TextFieldName) {
    return {
      id: fieldId(field),
      name: field,
      label: text.labels[field],
      maxLength: LIMITS[field],
      required: isRequiredField(field),
      value: values[field],
      error: errors[field],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        update(field, event.target.value),
    };
  }

  /** Ticks or unticks one day or slot of the choice. */
  function toggle(field: 'jours' | 'creneaux', value: string, on: boolean) {
    const others = values[field].filter((item) => item !== value);
    update(field, (on ? [...others, value] : others) as FormValues[typeof field]);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pendingRef.current) return;
    pendingRef.current = true;

    let validation: Validation;
    try {
      validation = await loadValidation();
    } catch {
      // The validation could not load (network): nothing can be checked or sent right now.
      pendingRef.current = false;
      flushSync(() =>
        showNotice({
          tone: 'error',
          title: notices.errorTitle,
          description: notices.errorFallback,
        }),
      );
      revealNotice();
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
      showNotice,
      dismissNotice,
      revealNotice,
      element: formRef.current,
      settled: () => {
        pendingRef.current = false;
      },
    });
  }

  const noticeDescriptionId = `${idPrefix}-notice-description`;

  return (
    // Before hydration (or without JavaScript) the browser validates with the constraints below
    // and posts natively; once hydrated, the script validates in French and posts JSON.
    <form
      ref={formRef}
      method="post"
      action={NATIVE_ACTION}
      noValidate={hydrated}
      onSubmit={handleSubmit}
      aria-labelledby="contact-form-title"
      className="space-y-5"
    >
      <p className="text-sm text-slate-600">{text.intro}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...textFieldProps('nom')} autoComplete="family-name" />
        <TextField {...textFieldProps('prenom')} autoComplete="given-name" />
      </div>
      <TextField
        {...textFieldProps('adresse')}
        autoComplete="address-line1"
        hint={text.addressHint}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...textFieldProps('telephone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          pattern={PHONE_INPUT_PATTERN}
        />
        <TextField
          {...textFieldProps('email')}
          type="email"
          autoComplete="email"
          spellCheck={false}
        />
      </div>
      <input type="hidden" name="clientType" value={CLIENT_TYPE} />
      <input type="hidden" name={CHOICE_VERSION_FIELD} value={CHOICE_VERSION} />
      <SelectField
        id={fieldId('produit')}
        name="produit"
        label={text.labels.produit}
        value={produit}
        error={errors.produit}
        onChange={(event) => update('produit', event.target.value)}
      >
        <option value="">{text.productPlaceholder}</option>
        {PRODUCT_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </SelectField>
      <MessageField {...textFieldProps('message')} placeholder={text.messagePlaceholder} />

      <Honeypot
        id={fieldId('website')}
        value={values.website}
        onChange={(value) => update('website', value)}
      />

      <ConsentField
        id={fieldId('rgpdConsent')}
        checked={values.rgpdConsent}
        required={isRequiredField('rgpdConsent')}
        error={consentInNotice ? undefined : errors.rgpdConsent}
        describedBy={consentInNotice && errors.rgpdConsent ? noticeDescriptionId : undefined}
        onChange={(checked) => update('rgpdConsent', checked)}
      />
      <ContactChoiceField
        fieldId={fieldId}
        recontact={values.recontact}
        jours={values.jours}
        creneaux={values.creneaux}
        errors={errors}
        onChannel={(channel) => update('recontact', channel)}
        onToggle={toggle}
      />

      <NoticeArea
        ref={noticeRef}
        notice={notice}
        onDismiss={dismissNotice}
        dismissLabel={notices.dismiss}
        descriptionId={noticeDescriptionId}
      />

      <Button
        type="submit"
        variant="accent"
        size="lg"
        aria-disabled={pending ? true : undefined}
        className={cn('w-full sm:w-auto', pending && 'cursor-progress opacity-70')}
      >
        <Send aria-hidden="true" className="size-4" />
        {pending ? text.pending : text.submit}
      </Button>
    </form>
  );
}
