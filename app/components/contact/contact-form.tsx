import {
  type ChangeEvent,
  type FormEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { useOutletContext, useSearchParams } from 'react-router';

import { callbackSentence } from '../../../contracts/contact/callback-time';
import { contactEndpointUrl, HONEYPOT_FIELD } from '../../../contracts/contact/lead-contract';
import { isProductOption, PRODUCT_OPTIONS } from '../../../contracts/contact/products';
import {
  CLIENT_TYPE,
  CONTACT_FIELDS,
  type ContactField,
  type FieldErrors,
  isRequiredField,
  isTextField,
  LIMITS,
  PHONE_INPUT_PATTERN,
  type TextField as TextFieldName,
} from '../../../contracts/contact/fields';
import type * as ValidationModule from '../../../contracts/contact/schema';
import { siteConfig } from '../../../config/site';
import { contactPageText } from '../../content/contact';
import { Button } from '../ui/button';
import { cn } from '../ui/class-names';
import { TextField, SelectField } from '../ui/field';
import { Send } from '../ui/icons';
import { type Notice, type NoticeLink, NoticeArea } from '../ui/notice';
import { ConsentField } from './consent-field';
import { MessageField } from './message-field';
import type { VisitOrigin } from '../navigation-origin';
import { sendContactRequest } from './send-contact-request';
import { useHydrated } from './use-hydrated';

const text = contactPageText.form;
const notices = contactPageText.notices;

/** Where the prerendered form posts natively, before (or without) the script. */
const NATIVE_ACTION = contactEndpointUrl(siteConfig.backendUrl);

type FormValues = Record<TextFieldName, string> & {
  /** `null` until the visitor picks one: the page's `?produit=` then decides. */
  produit: string | null;
  rgpdConsent: boolean;
  website: string;
};

const EMPTY: FormValues = {
  ...(Object.fromEntries(CONTACT_FIELDS.filter(isTextField).map((field) => [field, ''])) as Record<
    TextFieldName,
    string
  >),
  produit: null,
  rgpdConsent: false,
  website: '',
};

type Errors = FieldErrors;

type Validation = typeof ValidationModule;
let validation: Promise<Validation> | undefined;

/**
 * The schema (and Zod) is not part of the page's first load: it loads on the visitor's first
 * focus in the form, or at the latest on submit (ADR 0011). A failed load is tried again next time.
 */
function loadValidation(): Promise<Validation> {
  validation ??= import('../../../contracts/contact/schema').catch((error: unknown) => {
    validation = undefined;
    throw error;
  });
  return validation;
}

function isContactField(field: string): field is ContactField {
  return (CONTACT_FIELDS as readonly string[]).includes(field);
}

/** The product named in `/contact?produit=…`, once hydrated (the prerendered page has no query). */
function useRequestedProduct(hydrated: boolean): string {
  const [searchParams] = useSearchParams();
  if (!hydrated) return '';
  const requested = searchParams.get('produit') ?? '';
  return isProductOption(requested) ? requested : '';
}

export function ContactForm() {
  const idPrefix = useId();
  const fieldId = (field: keyof FormValues) => `${idPrefix}-${field}`;
  const formRef = useRef<HTMLFormElement>(null);
  const pendingRef = useRef(false);
  const noticeCounter = useRef(0);
  const noticeRef = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  /** The consent's error is said by the notice under it (the reference's consent notice). */
  const [consentInNotice, setConsentInNotice] = useState(false);
  const hydrated = useHydrated();
  // From the root route (absent when the form is rendered alone, as in unit tests).
  const origin = useOutletContext<VisitOrigin | undefined>();
  const requestedProduct = useRequestedProduct(hydrated);
  const produit = values.produit ?? requestedProduct;

  const dismissNotice = useCallback(() => setNotice(null), []);

  // The first focus in the form is the moment to fetch the validation: it is there by the submit.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const prefetch = () => void loadValidation().catch(() => undefined);
    form.addEventListener('focusin', prefetch, { once: true });
    return () => form.removeEventListener('focusin', prefetch);
  }, []);

  function showNotice(notice: Omit<Notice, 'id'>) {
    noticeCounter.current += 1;
    setNotice({ id: noticeCounter.current, ...notice });
  }

  /** The fields in error, as links from the notice to each (their messages stay beside them). */
  function fixLinks(found: Errors): Notice['links'] {
    const items: NoticeLink[] = CONTACT_FIELDS.filter((field) => found[field]).map((field) => ({
      targetId: fieldId(field),
      label: text.fieldNames[field],
    }));
    return items.length > 0 ? { intro: notices.fixIntro, items } : undefined;
  }

  function update<K extends keyof FormValues>(field: K, value: FormValues[K]) {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (isContactField(field) && errors[field]) {
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

  function focusFirstInvalid(found: Errors) {
    const first = CONTACT_FIELDS.find((field) => found[field]);
    if (!first) return;
    const element = formRef.current?.elements.namedItem(first);
    if (element instanceof HTMLElement) element.focus();
  }

  /** Brings the outcome into view, clear of the sticky header and the floating buttons. */
  function revealNotice() {
    const element = noticeRef.current;
    if (!element || typeof element.scrollIntoView !== 'function') return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pendingRef.current) return;
    pendingRef.current = true;

    let schema: Validation;
    try {
      schema = await loadValidation();
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
    const result = schema.ContactFormSchema.safeParse({ ...values, produit });
    const found = result.success ? {} : schema.fieldErrors(result.error);
    if (!result.success) {
      pendingRef.current = false;
      // Shown before moving focus, so the field is announced with its message. The notice
      // names the fields to fix; without consent it is the reference's consent notice, which
      // then also stands for the box's own message.
      flushSync(() => {
        setErrors(found);
        setConsentInNotice(!values.rgpdConsent);
        showNotice({
          tone: 'error',
          title: values.rgpdConsent ? notices.incompleteTitle : notices.consentTitle,
          description: values.rgpdConsent ? notices.incompleteText : notices.consentText,
          links: fixLinks(found),
        });
      });
      focusFirstInvalid(found);
      return;
    }

    setErrors({});
    setConsentInNotice(false);
    setNotice(null);
    setPending(true);
    const outcome = await sendContactRequest(result.data, values.website, {
      pageOrigine: origin?.previousPage(),
      ...origin?.landingCampaign(),
    });
    pendingRef.current = false;
    setPending(false);
    flushSync(() => {
      if (outcome.ok) {
        setValues({ ...EMPTY, produit: '' });
        showNotice({
          tone: 'success',
          title: notices.successTitle,
          description: notices.successText,
          detail: outcome.callbackBy ? callbackSentence(outcome.callbackBy) : undefined,
        });
      } else {
        // The server's verdict per field, shown like the form's own.
        setErrors(outcome.fields);
        showNotice({
          tone: 'error',
          title: notices.errorTitle,
          description: outcome.message ?? notices.errorFallback,
          links: fixLinks(outcome.fields),
        });
      }
    });
    if (!outcome.ok && Object.keys(outcome.fields).length > 0) {
      focusFirstInvalid(outcome.fields);
    } else {
      revealNotice();
    }
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

      {/* Honeypot: invisible to people and assistive technology; bots that fill it are dropped. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={fieldId('website')}>{text.honeypotLabel}</label>
        <input
          id={fieldId('website')}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(event) => update('website', event.target.value)}
        />
      </div>

      <ConsentField
        id={fieldId('rgpdConsent')}
        checked={values.rgpdConsent}
        required={isRequiredField('rgpdConsent')}
        error={consentInNotice ? undefined : errors.rgpdConsent}
        describedBy={consentInNotice && errors.rgpdConsent ? noticeDescriptionId : undefined}
        onChange={(checked) => update('rgpdConsent', checked)}
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
