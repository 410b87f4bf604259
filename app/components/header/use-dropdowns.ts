import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useLocation } from 'react-router';

import {
  closedMenu,
  type DropdownId,
  isOutside,
  type MenuAction,
  menuReducer,
} from './menu-state.ts';

/**
 * State and document listeners of the header dropdowns: one open at a time, closed by a click
 * outside, by Escape (focus returns to the trigger) and by navigation.
 */
export function useDropdowns(disabled: readonly DropdownId[]) {
  const rules = useMemo(() => ({ disabled: new Set(disabled) }), [disabled]);
  const [state, dispatch] = useReducer(
    (current: typeof closedMenu, action: MenuAction) => menuReducer(current, action, rules),
    closedMenu,
  );
  const containerRef = useRef<HTMLDivElement>(null);
  const triggers = useRef(new Map<DropdownId, HTMLButtonElement | null>());
  const location = useLocation();

  useEffect(() => {
    dispatch({ type: 'close' });
  }, [location.pathname]);

  useEffect(() => {
    const openId = state.open;
    if (openId === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (isOutside(event.target as Node | null, [containerRef.current])) {
        dispatch({ type: 'close' });
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      dispatch({ type: 'close' });
      triggers.current.get(openId)?.focus();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (isOutside(event.target as Node | null, [containerRef.current])) {
        dispatch({ type: 'close' });
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [state.open]);

  const registerTrigger = useCallback(
    (id: DropdownId) => (element: HTMLButtonElement | null) => {
      triggers.current.set(id, element);
    },
    [],
  );

  return { openId: state.open, dispatch, containerRef, registerTrigger };
}
