import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';

import { siteConfig } from '../../../config/site';
import { shellText } from '../../content/shell';
import {
  businessSolutions,
  individualSolutions,
  type SolutionEntry,
  solutionPath,
} from '../../content/solutions/catalog';
import { ButtonAnchor, ButtonLink, buttonClasses } from '../ui/button';
import { cn } from '../ui/class-names';
import { ChevronDown, Menu, Phone, X } from '../ui/icons';
import { ClientAreaButton } from './client-area-button';

const text = shellText.nav;

const rowClasses =
  'flex min-h-12 w-full items-center justify-between rounded-control px-3 text-base font-medium text-slate-800 hover:bg-brand-50';

function CollapsibleList({
  id,
  label,
  entries,
  enabled,
}: {
  id: string;
  label: string;
  entries: readonly SolutionEntry[];
  enabled: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  if (!enabled) {
    return (
      <button
        type="button"
        disabled
        className={cn(rowClasses, 'cursor-not-allowed opacity-60')}
        aria-label={`${label} ${text.unavailableSuffix}`}
      >
        {label}
      </button>
    );
  }
  return (
    <div>
      <button
        type="button"
        className={rowClasses}
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded((value) => !value)}
      >
        {label}
        <ChevronDown
          aria-hidden="true"
          className={cn('size-5 transition-transform duration-200', expanded && 'rotate-180')}
        />
      </button>
      <ul id={id} hidden={!expanded} className="mt-1 space-y-0.5 border-l-2 border-brand-100 pl-3">
        {entries.map((entry) => (
          <li key={entry.slug}>
            <Link
              to={solutionPath(entry)}
              prefetch="intent"
              className="flex min-h-11 items-center rounded-control px-3 text-[0.95rem] text-slate-700 hover:bg-brand-50"
            >
              {entry.title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function MobileMenu() {
  // The menu remembers the page it was opened on, so any navigation closes it.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <div className="lg:hidden">
      <button
        ref={toggleRef}
        type="button"
        className="inline-flex size-11 items-center justify-center rounded-control text-brand-900 hover:bg-brand-50"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={open ? text.closeMenu : text.openMenu}
        onClick={() => setOpen(!open)}
      >
        {open ? (
          <X aria-hidden="true" className="size-6" />
        ) : (
          <Menu aria-hidden="true" className="size-6" />
        )}
      </button>
      <nav
        id="mobile-menu"
        aria-label={text.mobileMenuLabel}
        hidden={!open}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4.5rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-6 pt-2 shadow-card-hover"
      >
        <ul className="space-y-0.5">
          <li>
            <Link to="/" className={rowClasses}>
              {text.home}
            </Link>
          </li>
          <li>
            <CollapsibleList
              id="mobile-menu-particuliers"
              label={text.individuals}
              entries={individualSolutions}
              enabled={siteConfig.particuliersMenuEnabled}
            />
          </li>
          <li>
            <CollapsibleList
              id="mobile-menu-professionnels"
              label={text.professionals}
              entries={businessSolutions}
              enabled
            />
          </li>
          <li>
            <Link to="/contact" className={rowClasses}>
              {text.contact}
            </Link>
          </li>
        </ul>
        <div className="mt-4 grid gap-2">
          <ButtonAnchor href={siteConfig.phone.href} variant="primary" size="lg">
            <Phone aria-hidden="true" className="size-5" />
            {text.callNow}
            <span className="sr-only"> {siteConfig.phone.display}</span>
          </ButtonAnchor>
          <ButtonLink to="/contact" variant="accent" size="lg">
            {text.quote}
          </ButtonLink>
          <ClientAreaButton className={buttonClasses({ variant: 'outline', size: 'lg' })} />
        </div>
      </nav>
    </div>
  );
}
