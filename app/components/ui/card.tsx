import type { HTMLAttributes } from 'react';

import { cn } from './class-names';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('rounded-card border border-slate-200 bg-white p-6 shadow-card', className)}
      {...props}
    />
  );
}

export function InteractiveCard({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <Card
      className={cn(
        'transition duration-200 motion-safe:hover:-translate-y-0.5 hover:shadow-card-hover',
        className,
      )}
      {...props}
    />
  );
}
