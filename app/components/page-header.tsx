import type { ReactNode } from 'react';

import { Container } from './ui/container.tsx';

/** The tinted band at the top of inner pages: optional eyebrow, the page's one h1, a lead. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="border-b border-brand-100 bg-brand-50">
      <Container className="py-12 sm:py-16">
        {eyebrow ? <div className="mb-3 text-sm font-medium text-brand-700">{eyebrow}</div> : null}
        <h1 className="text-3xl font-bold tracking-tight text-brand-950 sm:text-title">{title}</h1>
        {lead ? <p className="mt-4 max-w-3xl text-lg text-slate-700">{lead}</p> : null}
        {children}
      </Container>
    </div>
  );
}
