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

/** The days and slots offered: the build's WORKING_DAYS and CALL_WINDOWS (config/site.ts). */
const DAYS = siteConfig.callDays.map(dayNameOf).filter((day): day is DayName => Boolean(day));
const SLOTS = siteConfig.callSlots.map((slot) => ({
  value: encodeSlot(slot),
  label: slotText(slot),
}));

const boxClasses = 'size-5 shrink-0 accent-brand-700';
const optionClasses = 'flex min-h-11 items-center gap-3 text-sm text-slate-800';
const legendClasses = 'text-sm font-medium text-slate-800';
const errorClasses = 'mt-1.5 text-sm font-medium text-danger-700';

/** `base` for the first control (the target of the notice's link and of the first focus). */
const controlId = (base: string, index: number) => (index === 0 ? base : `${base}-${index}`);

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className={errorClasses}>
      {error}
    </p>
  ) : null;
}

/** A group of boxes of one name, in a fieldset with its legend and its message. */
function BoxGroup({
  id,
  name,
  legend,
  options,
  checked,
  error,
  onToggle,
}: {
  id: string;
  name: string;
  legend: string;
  options: readonly { value: string; label: ReactNode }[];
  checked: readonly string[];
  error?: string;
  onToggle: (value: string, on: boolean) => void;
}) {
  return (
    <fieldset
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="text-sm text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-x-5">
        {options.map((option, index) => (
          <label key={option.value} className={optionClasses}>
            <input
              id={controlId(id, index)}
              type="checkbox"
              name={name}
              value={option.value}
              checked={checked.includes(option.value)}
              onChange={(event) => onToggle(option.value, event.target.checked)}
              className={boxClasses}
            />
            {option.label}
          </label>
        ))}
      </div>
      <ErrorText id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/**
 * How and when to be contacted (issue 37): a required choice of channel, no option preselected,
 * then, for the phone, the days and slots the visitor may narrow the calls to. The days and slots
 * show once « Par téléphone » is ticked: by CSS (`:has`), so the prerendered page does it without
 * the script, and by the form's state where `:has` is unknown.
 */
export function ContactChoiceField({
  ids,
  recontact,
  jours,
  creneaux,
  errors,
  onChannel,
  onToggle,
}: {
  ids: Record<'recontact' | 'jours' | 'creneaux', string>;
  recontact: ContactChannel | '';
  jours: readonly DayName[];
  creneaux: readonly string[];
  errors: FieldErrors;
  onChannel: (channel: ContactChannel) => void;
  onToggle: (field: 'jours' | 'creneaux', value: string, on: boolean) => void;
}) {
  const choiceError = `${ids.recontact}-error`;
  return (
    <div className="group/choice space-y-5">
      <fieldset
        aria-invalid={errors.recontact ? true : undefined}
        aria-describedby={errors.recontact ? choiceError : undefined}
        className={cn(
          'rounded-control border p-4',
          errors.recontact ? 'border-danger-600 bg-danger-50' : 'border-slate-200 bg-slate-50',
        )}
      >
        <legend className={cn(legendClasses, 'float-left w-full')}>
          {CHOICE_QUESTION}
          <span aria-hidden="true"> *</span>
        </legend>
        <div className="clear-left flex flex-wrap gap-x-6 pt-1">
          {CONTACT_CHANNELS.map((channel, index) => (
            <label key={channel} className={optionClasses}>
              <input
                id={controlId(ids.recontact, index)}
                type="radio"
                name="recontact"
                value={channel}
                required
                checked={recontact === channel}
                onChange={() => onChannel(channel)}
                className={boxClasses}
              />
              {CHANNEL_LABELS[channel]}
            </label>
          ))}
        </div>
        <ErrorText id={choiceError} error={errors.recontact} />
      </fieldset>

      <fieldset
        aria-describedby={`${ids.jours}-hint`}
        className={cn(
          'space-y-3 border-l-2 border-brand-200 pl-4',
          recontact === 'telephone'
            ? 'block'
            : 'hidden group-has-[input[value=telephone]:checked]/choice:block',
        )}
      >
        <legend className={cn(legendClasses, 'float-left w-full')}>{WHEN_QUESTION}</legend>
        <p id={`${ids.jours}-hint`} className="clear-left text-sm text-slate-600">
          {WHEN_HINT}
        </p>
        <BoxGroup
          id={ids.jours}
          name="jours"
          legend={DAYS_LEGEND}
          options={DAYS.map((day) => ({ value: day, label: day }))}
          checked={jours}
          error={errors.jours}
          onToggle={(value, on) => onToggle('jours', value, on)}
        />
        <BoxGroup
          id={ids.creneaux}
          name="creneaux"
          legend={SLOTS_LEGEND}
          options={SLOTS}
          checked={creneaux}
          error={errors.creneaux}
          onToggle={(value, on) => onToggle('creneaux', value, on)}
        />
      </fieldset>
    </div>
  );
}
