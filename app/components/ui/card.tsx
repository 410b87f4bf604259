import type { HTMLAttributes } from 'react';

import { cn } from './class-names.ts';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('rounded-card border border-slate-200 bg-white p-6 shadow-card', className)}
      {...props}
    />
  );
}
