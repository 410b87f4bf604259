import { Link } from 'react-router';

import { FLOATING_ACTIONS_SCROLL_THRESHOLD_PX } from '../../content/constants';
import { shellText } from '../../content/shell';
import { buttonClasses } from '../ui/button';
import { ArrowUp, MessageSquare } from '../ui/icons';
import { useScrolledPast } from './scroll-threshold';

const text = shellText.floating;

function scrollToTop() {
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  document.getElementById('page-top')?.focus({ preventScroll: true });
}

/** Back-to-top and contact shortcuts, shown once the page is scrolled past 300 px. */
export function FloatingActions() {
  const visible = useScrolledPast(FLOATING_ACTIONS_SCROLL_THRESHOLD_PX);
  if (!visible) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-30 px-4 motion-safe:animate-fade-in sm:bottom-6 sm:px-6">
      <div className="mx-auto flex max-w-6xl items-end justify-end gap-2">
        <div className="pointer-events-auto flex flex-wrap justify-end gap-2">
          <Link
            to="/contact"
            className={buttonClasses({ variant: 'primary', size: 'md' }, 'shadow-card-hover')}
          >
            <MessageSquare aria-hidden="true" className="size-4" />
            {text.contact}
          </Link>
          <Link
            to="/contact"
            className={buttonClasses({ variant: 'accent', size: 'md' }, 'shadow-card-hover')}
          >
            {text.quote}
          </Link>
          <button
            type="button"
            onClick={scrollToTop}
            aria-label={text.backToTop}
            className={buttonClasses({ variant: 'outline', size: 'icon' }, 'shadow-card-hover')}
          >
            <ArrowUp aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
    </div>
  );
}
