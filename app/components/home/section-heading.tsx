import type { ReactNode } from 'react';

import { cn } from '#app/components/ui/class-names.ts';

/** Eyebrow, h2 and lead of a home section; the h2 id labels the section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = 'start',
  className,
  children,
}: {
  id: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  align?: 'start' | 'center';
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center', className)}>
      {eyebrow ? (
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>
      ) : null}
      <h2
        id={id}
        tabIndex={-1}
        className="mt-3 text-3xl font-bold tracking-tight text-balance text-brand-950 outline-none sm:text-title"
      >
        {title}
      </h2>
      {lead ? <p className="mt-4 text-lg text-pretty text-slate-600">{lead}</p> : null}
      {children}
    </div>
  );
}
