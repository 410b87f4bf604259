import type {
  ButtonHTMLAttributes,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { useId } from 'react';

/**
 * The staff pages' form controls. Their own small copies, not the site's `ui/field`: importing
 * the contact form's modules here would make the bundler split them into a chunk shared with
 * the public contact page, which would then load one more file.
 */
const control =
  'block w-full min-h-11 rounded-control border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-brand-600';

const buttonTones = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  outline: 'border border-brand-700 bg-white text-brand-800 hover:bg-brand-50',
  danger: 'bg-danger-700 text-white hover:bg-danger-600',
} as const;

export function StaffButton({
  tone = 'primary',
  className = '',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: keyof typeof buttonTones }) {
  return (
    <button
      type="button"
      className={`inline-flex min-h-11 items-center justify-center rounded-control px-4 font-semibold disabled:cursor-not-allowed disabled:opacity-60 ${buttonTones[tone]} ${className}`}
      {...props}
    />
  );
}

function Labelled({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

export function StaffInput({
  label,
  ...props
}: { label: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Labelled id={id} label={label}>
      <input id={id} className={control} {...props} />
    </Labelled>
  );
}

export function StaffSelect({
  label,
  children,
  ...props
}: { label: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <Labelled id={id} label={label}>
      <select id={id} className={control} {...props}>
        {children}
      </select>
    </Labelled>
  );
}

export function StaffTextArea({
  label,
  ...props
}: { label: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Labelled id={id} label={label}>
      <textarea id={id} className={control} rows={3} {...props} />
    </Labelled>
  );
}

/** A message read out by screen readers when it appears (`role=status`, or `alert` for errors). */
export function StaffMessage({ tone, children }: { tone: 'info' | 'error'; children: ReactNode }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'rounded-control border border-danger-600 bg-white px-4 py-3 text-danger-700'
          : 'rounded-control border border-brand-200 bg-brand-50 px-4 py-3 text-brand-950'
      }
    >
      {children}
    </p>
  );
}

/** A staff page's section: a white card titled by its `h2` (its accessible name). */
export function StaffSection({
  id,
  title,
  className = '',
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-card border border-slate-200 bg-white p-4 sm:p-6 ${className}`}
    >
      <h2 id={id} className="text-xl font-semibold text-brand-950">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
