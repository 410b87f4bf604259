import type { ReactNode } from 'react';

import { siteConfig } from '#config/site.ts';
import {
  CHANNEL_LABELS,
  CHOICE_QUESTION,
  CONTACT_CHANNELS,
  type ContactChannel,
  DAYS_LEGEND,
  type DayName,
  dayNameOf,
  encodeSlot,
  SLOTS_LEGEND,
  slotText,
  WHEN_HINT,
  WHEN_QUESTION,
} from '#contracts/contact/contact-choice.ts';
import type { FieldErrors } from '#contracts/contact/fields.ts';
import { cn } from '#app/components/ui/class-names.ts';

type ChoiceField = 'recontact' | 'jours' | 'creneaux';

/** The options: the channels, and the build's WORKING_DAYS and CALL_WINDOWS (config/site.ts). */
const OPTIONS: Record<ChoiceField, { value: string; label: string }[]> = {
  recontact: CONTACT_CHANNELS.map((value) => ({ value, label: CHANNEL_LABELS[value] })),
  // Weekdays 1 to 7: the build checked them (config/call-settings.ts).
  jours: siteConfig.callDays.map((day) => {
    const name = String(dayNameOf(day));
    return { value: name, label: name };
  }),
  creneaux: siteConfig.callSlots.map((slot) => ({
    value: encodeSlot(slot),
    label: slotText(slot),
  })),
};

const legendClasses = 'float-left w-full text-sm font-medium text-slate-800';

/**
 * One group of radios or boxes of one name, in a fieldset with its legend and its message. The
 * first control has the field's id (the target of the notice's link and of the first focus).
 */
function OptionGroup({
  id,
  name,
  legend,
  checked,
  error,
  className,
  onChange,
}: {
  id: string;
  name: ChoiceField;
  legend: ReactNode;
  checked: readonly string[];
  error?: string;
  className?: string;
  onChange: (value: string, on: boolean) => void;
}) {
  const radio = name === 'recontact';
  return (
    <fieldset
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      className={className}
    >
      {legend}
      <div className={cn('clear-left flex flex-wrap', radio ? 'gap-x-6 pt-1' : 'gap-x-5')}>
        {OPTIONS[name].map((option, index) => (
          <label
            key={option.value}
            className="flex min-h-11 items-center gap-3 text-sm text-slate-800"
          >
            <input
              id={index === 0 ? id : `${id}-${index}`}
              type={radio ? 'radio' : 'checkbox'}
              name={name}
              value={option.value}
              required={radio}
              checked={checked.includes(option.value)}
              onChange={(event) => onChange(option.value, event.target.checked)}
              className="size-5 shrink-0 accent-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * How and when to be contacted (ADR 0029): a required choice of channel, no option preselected,
 * then, for the phone, the days and slots the visitor may narrow the calls to. The days and slots
 * show once « Par téléphone » is ticked, by CSS (`:has`, in every current browser): the
 * prerendered page does it without the script, and the hydrated one the same way.
 */
export function ContactChoiceField({
  fieldId,
  recontact,
  jours,
  creneaux,
  errors,
  onChannel,
  onToggle,
}: {
  fieldId: (field: ChoiceField) => string;
  recontact: ContactChannel | '';
  jours: readonly DayName[];
  creneaux: readonly string[];
  errors: FieldErrors;
  onChannel: (channel: ContactChannel) => void;
  onToggle: (field: 'jours' | 'creneaux', value: string, on: boolean) => void;
}) {
  const hintId = `${fieldId('jours')}-hint`;
  const boxes = (field: 'jours' | 'creneaux', legend: string, checked: readonly string[]) => (
    <OptionGroup
      id={fieldId(field)}
      name={field}
      legend={<legend className="text-sm text-slate-700">{legend}</legend>}
      checked={checked}
      error={errors[field]}
      onChange={(value, on) => onToggle(field, value, on)}
    />
  );
  return (
    <div className="group/choice space-y-5">
      <OptionGroup
        id={fieldId('recontact')}
        name="recontact"
        legend={
          <legend className={legendClasses}>
            {CHOICE_QUESTION}
            <span aria-hidden="true"> *</span>
          </legend>
        }
        checked={[recontact]}
        error={errors.recontact}
        className={cn(
          'rounded-control border p-4',
          errors.recontact ? 'border-danger-600 bg-danger-50' : 'border-slate-200 bg-slate-50',
        )}
        onChange={(value) => onChannel(value as ContactChannel)}
      />
      <fieldset
        aria-describedby={hintId}
        className="hidden space-y-3 border-l-2 border-brand-200 pl-4 group-has-[input[value=telephone]:checked]/choice:block"
      >
        <legend className={legendClasses}>{WHEN_QUESTION}</legend>
        <p id={hintId} className="clear-left text-sm text-slate-600">
          {WHEN_HINT}
        </p>
        {boxes('jours', DAYS_LEGEND, jours)}
        {boxes('creneaux', SLOTS_LEGEND, creneaux)}
      </fieldset>
    </div>
  );
}
