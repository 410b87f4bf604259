import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

import { cn } from './class-names';

export const controlClasses =
  'block w-full min-h-11 rounded-control border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 shadow-xs focus-visible:border-brand-600 aria-invalid:border-danger-600';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** Label, control and error message, wired together for assistive technology. */
function FieldFrame({ id, label, error, hint, children, className }: FieldFrameProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
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

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

interface CommonProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

export function TextField({
  label,
  error,
  hint,
  className,
  id: givenId,
  ...props
}: CommonProps & InputHTMLAttributes<HTMLInputElement>) {
  const fallbackId = useId();
  const id = givenId ?? fallbackId;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <input
        id={id}
        className={controlClasses}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...props}
      />
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  id: givenId,
  ...props
}: CommonProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const fallbackId = useId();
  const id = givenId ?? fallbackId;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <textarea
        id={id}
        className={controlClasses}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...props}
      />
    </FieldFrame>
  );
}

export function SelectField({
  label,
  error,
  hint,
  className,
  id: givenId,
  children,
  ...props
}: CommonProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const fallbackId = useId();
  const id = givenId ?? fallbackId;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <select
        id={id}
        className={controlClasses}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...props}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
