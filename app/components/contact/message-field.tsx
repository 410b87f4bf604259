import { type ChangeEvent, type ClipboardEvent, useState } from 'react';

import { contactPageText } from '#app/content/contact.ts';
import { TextAreaField } from '#app/components/ui/field.tsx';

const text = contactPageText.form.messageLimit;

/** From this many characters the visitor sees how many are left (4 500 of 5 000). */
const MESSAGE_COUNTER_SHARE = 0.9;

/**
 * The message: a text area bounded by `maxlength` (the browser refuses more, with or without the
 * script), whose limit is always stated under it. Once hydrated, the statement becomes a count
 * from 90 % of the limit, and a paste that the browser cut is said so, politely, beside the field.
 */
export function MessageField({
  id,
  name,
  label,
  value,
  error,
  maxLength,
  placeholder,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  maxLength: number;
  placeholder: string;
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
}) {
  /** The length the pasted text would have made, when the browser cut it to `maxLength`. */
  const [cutFrom, setCutFrom] = useState<number | null>(null);
  const near = value.length >= Math.floor(maxLength * MESSAGE_COUNTER_SHARE);
  const hint = near ? text.count(value.length, maxLength) : text.limit(maxLength);

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const area = event.currentTarget;
    const pasted = event.clipboardData.getData('text/plain').replace(/\r\n?/g, '\n');
    const replaced = area.selectionEnd - area.selectionStart;
    const wanted = area.value.length - replaced + pasted.length;
    setCutFrom(wanted > maxLength ? wanted : null);
  };

  return (
    <div>
      <TextAreaField
        id={id}
        name={name}
        label={label}
        value={value}
        error={error}
        maxLength={maxLength}
        rows={4}
        placeholder={placeholder}
        hint={hint}
        onPaste={onPaste}
        onChange={(event) => {
          if (cutFrom !== null && event.target.value.length < maxLength) setCutFrom(null);
          onChange(event);
        }}
      />
      <p aria-live="polite" className="mt-1.5 text-sm font-medium text-danger-700 empty:hidden">
        {cutFrom !== null ? text.cut(cutFrom, maxLength) : null}
      </p>
    </div>
  );
}
