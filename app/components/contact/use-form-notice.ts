import { useCallback, useRef, useState } from 'react';

import type { Notice } from '#app/components/ui/notice.tsx';

/**
 * The contact form's one notice: shown (a new id each time, so the same words are announced
 * again), dismissed, brought into view.
 */
export function useFormNotice() {
  const counter = useRef(0);
  const ref = useRef<HTMLDivElement>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const dismiss = useCallback(() => setNotice(null), []);

  function show(shown: Omit<Notice, 'id'>) {
    counter.current += 1;
    setNotice({ id: counter.current, ...shown });
  }

  /** Brings the notice into view, clear of the sticky header and the floating buttons. */
  function reveal() {
    const element = ref.current;
    if (!element || typeof element.scrollIntoView !== 'function') return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' });
  }

  return {
    notice,
    noticeRef: ref,
    showNotice: show,
    dismissNotice: dismiss,
    revealNotice: reveal,
  };
}
