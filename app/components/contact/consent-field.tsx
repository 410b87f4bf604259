import { CONSENT_TEXT } from '#contracts/contact/consent.ts';
import { CONSENT_FORM_VALUE } from '#contracts/contact/lead-contract.ts';
import { cn } from '#app/components/ui/class-names.ts';

/**
 * The required consent box, marked « * » like the other required fields. Its error is said once:
 * beside it (`error`), or, when the notice under it already says it, by that notice
 * (`describedBy`, the notice's description).
 */
export function ConsentField({
  id,
  checked,
  required,
  error,
  describedBy,
  onChange,
}: {
  id: string;
  checked: boolean;
  required: boolean;
  /** The message to show beside the box; none when the notice says it. */
  error?: string;
  /** Set when the box is in error and the notice below describes it. */
  describedBy?: string;
  onChange: (checked: boolean) => void;
}) {
  const errorId = `${id}-error`;
  const invalid = Boolean(error || describedBy);
  return (
    <div>
      <div
        className={cn(
          'flex gap-3 rounded-control border p-4',
          invalid ? 'border-danger-600 bg-danger-50' : 'border-slate-200 bg-slate-50',
        )}
      >
        <input
          id={id}
          name="rgpdConsent"
          type="checkbox"
          value={CONSENT_FORM_VALUE}
          required={required}
          checked={checked}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={error ? errorId : describedBy}
          onChange={(event) => onChange(event.target.checked)}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {CONSENT_TEXT}
          {required ? <span aria-hidden="true"> *</span> : null}
        </label>
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
