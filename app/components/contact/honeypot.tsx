import { HONEYPOT_FIELD } from '#contracts/contact/lead-contract.ts';
import { contactPageText } from '#app/content/contact.ts';

/** A field people never see nor reach, that robots fill: a request with it filled is dropped. */
export function Honeypot({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{contactPageText.form.honeypotLabel}</label>
      <input
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
