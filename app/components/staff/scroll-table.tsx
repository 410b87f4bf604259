import type { ReactNode } from 'react';

import { cn } from '#app/components/ui/class-names.ts';

/** The staff pages' data table (audience, integrations). */

export interface Column {
  label: string;
  /** Numbers line up on the right. */
  numeric?: boolean;
}

/**
 * A table that scrolls sideways on a phone: its wrapper is focusable and named, so that a
 * keyboard can scroll it (axe's scrollable-region-focusable, WCAG 2.1.1).
 */
export function ScrollTable({
  caption,
  columns,
  minWidth,
  children,
}: {
  caption: string;
  columns: readonly Column[];
  /** The table's narrowest width (a Tailwind class), past which it scrolls. */
  minWidth?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={caption}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- axe's scrollable-region-focusable (WCAG 2.1.1)
      tabIndex={0}
      className="mt-4 overflow-x-auto rounded-card border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <table className={cn('w-full text-left text-sm', minWidth)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-800">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={cn('px-3 py-2', column.numeric && 'text-right')}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
