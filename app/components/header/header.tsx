import type { KeyboardEvent } from 'react';
import { Link, NavLink } from 'react-router';

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
import { Container } from '#app/components/ui/container.tsx';
import { ChevronDown, Phone } from '#app/components/ui/icons.tsx';
import { ClientAreaButton } from './client-area-button.tsx';
import { Logo } from './logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { SoonBadge, soonName } from './soon-badge.tsx';
import type { DropdownId } from './menu-state.ts';
import { useDropdowns } from './use-dropdowns.ts';

const text = shellText.nav;

const disabledDropdowns: readonly DropdownId[] = siteConfig.particuliersMenuEnabled
  ? []
  : ['particuliers'];

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex min-h-11 items-center rounded-control px-3 text-[0.95rem] font-medium transition-colors hover:bg-brand-50 hover:text-brand-800',
    isActive ? 'text-brand-800' : 'text-slate-700',
  );

/** The solution links a dropdown folds out, on three columns. */
function DropdownPanel({
  id,
  open,
  entries,
}: {
  id: string;
  open: boolean;
  entries: readonly SolutionEntry[];
}) {
  return (
    <div
      id={id}
      hidden={!open}
      className="absolute left-1/2 top-full z-50 mt-2 w-[min(48rem,calc(100vw-2rem))] -translate-x-1/2 rounded-card border border-slate-200 bg-white p-4 shadow-card-hover"
    >
      <ul className="grid grid-cols-3 gap-1">
        {entries.map((entry) => (
          <li key={entry.slug}>
            <Link
              to={solutionPath(entry)}
              prefetch="intent"
              className="flex min-h-11 items-center rounded-control px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800"
            >
              {entry.title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * One dropdown of the wide screens' menu: its button (Arrow Down opens it and focuses its first
 * link) and its panel; a disabled one shows « bientôt » instead.
 */
function NavDropdown({
  id,
  label,
  entries,
  dropdowns,
}: {
  id: DropdownId;
  label: string;
  entries: readonly SolutionEntry[];
  dropdowns: Pick<ReturnType<typeof useDropdowns>, 'openId' | 'dispatch' | 'registerTrigger'>;
}) {
  const { openId, dispatch, registerTrigger } = dropdowns;
  const disabled = disabledDropdowns.includes(id);
  const open = openId === id;
  const panelId = `menu-${id}`;
  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    dispatch({ type: 'open', id });
    requestAnimationFrame(() => {
      document.querySelector<HTMLAnchorElement>(`#${panelId} a`)?.focus();
    });
  };
  return (
    <li>
      <button
        type="button"
        ref={registerTrigger(id)}
        className={cn(
          navLinkClasses({ isActive: false }),
          'gap-1 disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-transparent',
        )}
        aria-expanded={disabled ? undefined : open}
        aria-controls={disabled ? undefined : panelId}
        disabled={disabled}
        aria-label={disabled ? soonName(label) : undefined}
        onClick={() => dispatch({ type: 'toggle', id })}
        onKeyDown={onTriggerKeyDown}
      >
        {label}
        {disabled ? (
          <SoonBadge />
        ) : (
          <ChevronDown
            aria-hidden="true"
            className={cn('size-4 transition-transform duration-200', open && 'rotate-180')}
          />
        )}
      </button>
      {disabled ? null : <DropdownPanel id={panelId} open={open} entries={entries} />}
    </li>
  );
}

export function Header() {
  const { containerRef, ...dropdowns } = useDropdowns(disabledDropdowns);

  // Opaque, without a backdrop blur: the blur was recomputed by the compositor for every frame,
  // on every page and during every scroll (55-100 ms of CPU in the home page's first second,
  // competing with the main thread; ADR 0019), for a header that shows white at rest anyway.
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <Container className="flex h-18 items-center justify-between gap-4 xl:whitespace-nowrap">
        <Logo />
        <div ref={containerRef} className="relative hidden lg:block">
          <nav aria-label={text.label}>
            <ul className="flex items-center gap-1">
              <li>
                <NavLink to="/" end className={navLinkClasses}>
                  {text.home}
                </NavLink>
              </li>
              <NavDropdown
                id="particuliers"
                label={text.individuals}
                entries={individualSolutions}
                dropdowns={dropdowns}
              />
              <NavDropdown
                id="professionnels"
                label={text.professionals}
                entries={businessSolutions}
                dropdowns={dropdowns}
              />
              <li>
                <NavLink to="/contact" className={navLinkClasses}>
                  {text.contact}
                </NavLink>
              </li>
            </ul>
          </nav>
        </div>
        <div className="hidden items-center gap-2 lg:flex">
          <ButtonAnchor href={siteConfig.phone.href} variant="ghost" size="sm">
            <Phone aria-hidden="true" className="size-4" />
            {text.call}
            <span className="sr-only"> {siteConfig.phone.display}</span>
          </ButtonAnchor>
          <ClientAreaButton className={buttonClasses({ variant: 'outline', size: 'sm' })} />
          <ButtonLink to="/contact" variant="accent" size="sm">
            {text.quote}
          </ButtonLink>
        </div>
        <MobileMenu />
      </Container>
    </header>
  );
}
