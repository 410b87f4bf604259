import { type FormEvent, useId, useState } from 'react';

import {
  DAYS_LEGEND,
  type DayName,
  parseSlot,
  SLOTS_LEGEND,
  slotText,
  WHEN_QUESTION,
} from '#contracts/contact/contact-choice.ts';
import type { VisitorView } from '#contracts/contact/visitor-api.ts';
import { Button } from '#app/components/ui/button.tsx';
import { visitorText } from '#app/content/visitor.ts';

const text = visitorText.slots;

function toggle<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list, value] : list.filter((item) => item !== value);
}

function Boxes<T extends string>({
  legend,
  name,
  options,
  label,
  chosen,
  error,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  label: (value: T) => string;
  chosen: readonly T[];
  error?: string;
  onChange: (value: T, on: boolean) => void;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 font-semibold text-slate-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((value) => (
          <label
            key={value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-control border border-slate-300 bg-white px-3 text-slate-800 has-checked:border-brand-700 has-checked:bg-brand-50"
          >
            <input
              type="checkbox"
              name={name}
              value={value}
              checked={chosen.includes(value)}
              onChange={(event) => onChange(value, event.target.checked)}
              className="size-5 accent-brand-700"
            />
            {label(value)}
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

const slotLabel = (slot: string) => {
  const range = parseSlot(slot);
  return range ? slotText(range) : slot;
};

/** The days and slots, as the contact form offers them; none ticked: « dès que possible ». */
export function SlotsForm({
  view,
  busy,
  errors,
  onSave,
  onCancel,
}: {
  view: VisitorView;
  busy: boolean;
  errors?: { jours?: string; creneaux?: string };
  onSave: (days: DayName[], slots: string[]) => void;
  onCancel: () => void;
}) {
  const [days, setDays] = useState<DayName[]>(view.days);
  const [slots, setSlots] = useState<string[]>(view.slots);
  const hintId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(days, slots);
  };
  return (
    <form onSubmit={submit} aria-describedby={hintId} className="space-y-5">
      <p className="font-semibold text-brand-950">{WHEN_QUESTION}</p>
      <p id={hintId} className="text-sm text-slate-700">
        {text.hint}
      </p>
      <Boxes
        legend={DAYS_LEGEND}
        name="jours"
        options={view.offer.days}
        label={(day) => day}
        chosen={days}
        error={errors?.jours}
        onChange={(day, on) => setDays((list) => toggle(list, day, on))}
      />
      <Boxes
        legend={SLOTS_LEGEND}
        name="creneaux"
        options={view.offer.slots}
        label={slotLabel}
        chosen={slots}
        error={errors?.creneaux}
        onChange={(slot, on) => setSlots((list) => toggle(list, slot, on))}
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" variant="primary" size="lg" disabled={busy}>
          {text.save}
        </Button>
        <Button variant="ghost" size="lg" onClick={onCancel} disabled={busy}>
          {text.cancel}
        </Button>
      </div>
    </form>
  );
}
