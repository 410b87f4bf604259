import { Link } from 'react-router';

import { siteConfig } from '#config/site.ts';
import { shellText } from '#app/content/shell.ts';
import { cn } from '#app/components/ui/class-names.ts';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className={cn('size-10 shrink-0', className)}>
      <rect width="40" height="40" rx="10" className="fill-brand-800" />
      <path d="M20 8 9 17v15h22V17L20 8Z" className="fill-brand-600" />
      <path d="M21.5 14.5 15 23.5h5l-1.5 7 6.5-9.5h-5l1.5-6.5Z" className="fill-accent-400" />
    </svg>
  );
}

export function Logo({ inverse = false }: { inverse?: boolean }) {
  return (
    <Link
      to="/"
      className="flex min-h-11 items-center gap-2.5 rounded-control"
      aria-label={`${siteConfig.companyName}, ${shellText.logoLabel}`}
    >
      <LogoMark />
      <span
        className={cn(
          'text-lg font-bold tracking-tight',
          inverse ? 'text-white' : 'text-brand-900',
        )}
      >
        {siteConfig.companyName}
      </span>
    </Link>
  );
}
