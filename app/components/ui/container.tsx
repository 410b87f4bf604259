import type { HTMLAttributes } from 'react';

import { cn } from './class-names.ts';

/** Centres content at the site's maximum width with the standard side padding. */
export function Container({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('mx-auto w-full max-w-6xl px-4 sm:px-6', className)} {...props} />;
}
