import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';

import { siteConfig } from '#config/site.ts';
import { shellText } from '#app/content/shell.ts';
import {
  businessSolutions,
  individualSolutions,
  type SolutionEntry,
  solutionPath,
} from '#app/content/solutions/catalog.ts';
import { ButtonAnchor, ButtonLink, buttonClasses } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/class-names.ts';
import { ChevronDown, Menu, Phone, X } from '#app/components/ui/icons.tsx';
import { ClientAreaButton } from './client-area-button.tsx';
import { SoonBadge, soonName } from './soon-badge.tsx';

const text = shellText.nav;

const MENU_ID = 'mobile-menu';

const rowClasses =
  'flex min-h-12 w-full items-center justify-between rounded-control px-3 text-base font-medium text-slate-800 hover:bg-brand-50';

/**
 * A list of solution pages that folds out under its name: a native disclosure (`<details>`), so
 * it opens and closes before the scripts run, and without them.
 */
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
  if (!enabled) {
    return (
      <button
        type="button"
        disabled
        className={cn(rowClasses, 'cursor-not-allowed text-slate-600')}
        aria-label={soonName(label)}
      >
        {label}
        <SoonBadge />
      </button>
    );
  }
  return (
    <details className="group/list">
      <summary
        className={cn(rowClasses, 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}
      >
        {label}
        <ChevronDown
          aria-hidden="true"
          className="size-5 transition-transform duration-200 group-open/list:rotate-180"
        />
      </summary>
      <ul id={id} className="mt-1 space-y-0.5 border-l-2 border-brand-100 pl-3">
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
    </details>
  );
}

/**
 * Follows the phone menu's popover (its `menuRef`): whether it is open, and whether the script
 * has taken over from the browser (hydrated); closes it on every navigation.
 */
function usePopoverMenu() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const menuRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    const sync = () => setOpen(menu.matches(':popover-open'));
    // Opened before hydration: the state starts from what the page shows.
    sync();
    setHydrated(true);
    menu.addEventListener('toggle', sync);
    return () => menu.removeEventListener('toggle', sync);
  }, []);

  // A navigation closes it (not the first render: a menu opened before hydration stays open).
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    const menu = menuRef.current;
    if (menu?.matches(':popover-open')) menu.hidePopover();
  }, [pathname]);

  return { open, hydrated, menuRef };
}

/** The menu's pages: home, the two lists of solutions, contact. */
function MobileMenuLinks() {
  return (
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
  );
}

/** The menu's buttons under its pages: call, ask for a quote, the client area. */
function MobileMenuActions() {
  return (
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
  );
}

/**
 * The phone menu: a native popover (`popovertarget`), so a tap opens and closes it from the first
 * paint, before the scripts run and without them; the browser closes it on Escape (focus back on
 * the button) and on a tap outside. Once hydrated, the script follows its state for the button's
 * label and `aria-expanded`, and closes it on every navigation.
 */
export function MobileMenu() {
  const { open, hydrated, menuRef } = usePopoverMenu();

  return (
    <div className="group/menu lg:hidden">
      <button
        type="button"
        popoverTarget={MENU_ID}
        className="inline-flex size-11 items-center justify-center rounded-control text-brand-900 hover:bg-brand-50"
        // Before hydration the browser exposes the popover's state itself.
        aria-expanded={hydrated ? open : undefined}
        aria-controls={MENU_ID}
        aria-label={open ? text.closeMenu : text.openMenu}
      >
        <Menu aria-hidden="true" className="size-6 group-has-[:popover-open]/menu:hidden" />
        <X aria-hidden="true" className="hidden size-6 group-has-[:popover-open]/menu:block" />
      </button>
      <nav
        ref={menuRef}
        id={MENU_ID}
        popover="auto"
        aria-label={text.mobileMenuLabel}
        className="inset-x-0 top-18 bottom-auto m-0 max-h-[calc(100dvh-4.5rem)] w-full overflow-y-auto border-b border-slate-200 bg-white px-4 pb-6 pt-2 text-slate-900 shadow-card-hover"
      >
        <MobileMenuLinks />
        <MobileMenuActions />
      </nav>
    </div>
  );
}
