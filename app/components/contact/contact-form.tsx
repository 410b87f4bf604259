import { contactEndpointUrl } from '#contracts/contact/lead-contract.ts';
import { PRODUCT_OPTIONS } from '#contracts/contact/products.ts';
import { CLIENT_TYPE, isRequiredField, PHONE_INPUT_PATTERN } from '#contracts/contact/fields.ts';
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
import { Honeypot } from './honeypot.tsx';
import { MessageField } from './message-field.tsx';
import { useContactForm } from './use-contact-form.ts';

const text = contactPageText.form;
const notices = contactPageText.notices;

/** Where the prerendered form posts natively, before (or without) the script. */
const NATIVE_ACTION = contactEndpointUrl(siteConfig.backendUrl);

type Form = Omit<ReturnType<typeof useContactForm>, 'formRef' | 'formNotice'>;

/** Name, first name, address, phone and e-mail. */
function PersonFields({ form }: { form: Form }) {
  const { textFieldProps } = form;
  return (
    <>
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
    </>
  );
}

function ProductField({ form }: { form: Form }) {
  return (
    <SelectField
      id={form.fieldId('produit')}
      name="produit"
      label={text.labels.produit}
      value={form.produit}
      error={form.errors.produit}
      onChange={(event) => form.update('produit', event.target.value)}
    >
      <option value="">{text.productPlaceholder}</option>
      {PRODUCT_OPTIONS.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </SelectField>
  );
}

/** « Envoyer », aria-disabled while a request is on its way (the focus stays on it). */
function SubmitButton({ pending }: { pending: boolean }) {
  return (
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
  );
}

export function ContactForm() {
  const { formRef, formNotice, ...form } = useContactForm();
  const { noticeRef, notice, dismissNotice } = formNotice;
  const { fieldId, values, errors, consentInNotice, update } = form;
  const noticeDescriptionId = `${form.idPrefix}-notice-description`;

  return (
    // Before hydration (or without JavaScript) the browser validates with the constraints below
    // and posts natively; once hydrated, the script validates in French and posts JSON.
    <form
      ref={formRef}
      method="post"
      action={NATIVE_ACTION}
      noValidate={form.hydrated}
      onSubmit={form.handleSubmit}
      aria-labelledby="contact-form-title"
      className="space-y-5"
    >
      <p className="text-sm text-slate-600">{text.intro}</p>
      <PersonFields form={form} />
      <input type="hidden" name="clientType" value={CLIENT_TYPE} />
      <input type="hidden" name={CHOICE_VERSION_FIELD} value={CHOICE_VERSION} />
      <ProductField form={form} />
      <MessageField {...form.textFieldProps('message')} placeholder={text.messagePlaceholder} />

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
        onToggle={form.toggle}
      />

      <NoticeArea
        ref={noticeRef}
        notice={notice}
        onDismiss={dismissNotice}
        dismissLabel={notices.dismiss}
        descriptionId={noticeDescriptionId}
      />

      <SubmitButton pending={form.pending} />
    </form>
  );
}
