import { Link, useLocation } from 'react-router';

import { FLOATING_ACTIONS_SCROLL_THRESHOLD_PX } from '#app/content/constants.ts';
import { shellText } from '#app/content/shell.ts';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { ArrowUp, MessageSquare } from '#app/components/ui/icons.tsx';
import { showsContactShortcuts } from './contact-shortcuts.ts';
import { useScrolledPast } from './scroll-threshold.ts';

const text = shellText.floating;

function scrollToTop() {
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  document.getElementById('page-top')?.focus({ preventScroll: true });
}

/** Each button takes its own taps; the bar around and between them lets every tap through. */
const floatingButton = 'pointer-events-auto shadow-card-hover';

/**
 * Back-to-top and contact shortcuts, shown once the page is scrolled past 300 px. The two
 * shortcuts lead to the contact form: on the contact page, its result pages and the visitor's
 * page they would cover the page's controls for nothing, so only back-to-top shows there.
 */
export function FloatingActions() {
  const visible = useScrolledPast(FLOATING_ACTIONS_SCROLL_THRESHOLD_PX);
  const { pathname } = useLocation();
  if (!visible) return null;
  return (
    <div
      data-floating-actions
      className="pointer-events-none fixed inset-x-0 bottom-4 z-30 px-4 motion-safe:animate-fade-in sm:bottom-6 sm:px-6"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-end justify-end gap-2">
        {showsContactShortcuts(pathname) ? (
          <>
            <Link
              to="/contact"
              className={buttonClasses({ variant: 'primary', size: 'md' }, floatingButton)}
            >
              <MessageSquare aria-hidden="true" className="size-4" />
              {text.contact}
            </Link>
            <Link
              to="/contact"
              className={buttonClasses({ variant: 'accent', size: 'md' }, floatingButton)}
            >
              {text.quote}
            </Link>
          </>
        ) : null}
        <button
          type="button"
          onClick={scrollToTop}
          aria-label={text.backToTop}
          className={buttonClasses({ variant: 'outline', size: 'icon' }, floatingButton)}
        >
          <ArrowUp aria-hidden="true" className="size-5" />
        </button>
      </div>
    </div>
  );
}
