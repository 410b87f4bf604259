import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';

import { cn } from './class-names.ts';

type ButtonVariant = 'accent' | 'primary' | 'outline' | 'ghost' | 'inverse';
/** `icon`: a square button holding only an icon (give it an accessible name). */
type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-control font-semibold no-underline transition-colors duration-200 disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  accent: 'bg-accent-400 text-brand-950 shadow-sm hover:bg-accent-300',
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800',
  outline: 'border border-brand-700 bg-white text-brand-800 hover:bg-brand-50',
  ghost: 'text-brand-800 hover:bg-brand-50',
  inverse: 'border border-white/70 text-white hover:bg-white/10',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'px-3 text-sm',
  md: 'px-4 text-[0.95rem]',
  lg: 'px-6 text-base',
  icon: 'w-11',
};

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function buttonClasses({ variant = 'primary', size = 'md' }: StyleProps, extra?: string) {
  return cn(base, variants[variant], sizes[size], extra);
}

export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & StyleProps) {
  return <button type={type} className={buttonClasses({ variant, size }, className)} {...props} />;
}

/** An internal link that looks like a button. */
export function ButtonLink({ variant, size, className, ...props }: LinkProps & StyleProps) {
  return <Link className={buttonClasses({ variant, size }, className)} {...props} />;
}

/** An external or `tel:`/`mailto:` link that looks like a button. */
export function ButtonAnchor({
  variant,
  size,
  className,
  children,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & StyleProps) {
  return (
    <a className={buttonClasses({ variant, size }, className)} {...props}>
      {children}
    </a>
  );
}
