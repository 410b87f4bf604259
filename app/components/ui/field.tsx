import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

import { cn } from './class-names.ts';

const controlClasses =
  'block w-full min-h-11 rounded-control border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 shadow-xs focus-visible:border-brand-600 aria-invalid:border-danger-600';

interface CommonProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  id?: string;
}

/** What every control of a field receives: its id, classes and accessible wiring. */
interface ControlWiring {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** Label, control and error message, wired together for assistive technology. */
function Field({
  label,
  error,
  hint,
  className,
  id: givenId,
  control,
}: CommonProps & { control: (wiring: ControlWiring) => ReactNode }) {
  const fallbackId = useId();
  const id = givenId ?? fallbackId;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {control({
        id,
        className: controlClasses,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(id, error, hint),
      })}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  className,
  id,
  ...props
}: CommonProps & InputHTMLAttributes<HTMLInputElement>) {
  const frame = { label, error, hint, className, id };
  return <Field {...frame} control={(wiring) => <input {...wiring} {...props} />} />;
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  id,
  ...props
}: CommonProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const frame = { label, error, hint, className, id };
  return <Field {...frame} control={(wiring) => <textarea {...wiring} {...props} />} />;
}

export function SelectField({
  label,
  error,
  hint,
  className,
  id,
  ...props
}: CommonProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const frame = { label, error, hint, className, id };
  return <Field {...frame} control={(wiring) => <select {...wiring} {...props} />} />;
}
