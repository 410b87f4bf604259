import { useEffect, useState } from 'react';

/** The floating actions show only once the page has scrolled strictly more than the threshold. */
export function isPastThreshold(scrollY: number, threshold: number): boolean {
  return scrollY > threshold;
}

/** Tracks `isPastThreshold(window.scrollY, threshold)`; false during prerender and hydration. */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setPast(isPastThreshold(window.scrollY, threshold));
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return past;
}
