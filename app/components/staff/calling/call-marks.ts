import { type RefObject, useEffect, useRef, useSyncExternalStore } from 'react';

import { CALLING_API, type CallMark, type LiveCallMarks } from '#contracts/staff/calling.ts';

/**
 * The colleagues' live calling marks (ADR 0047), polled from `GET /appels-en-cours` while a list
 * or a request's page that shows them is open and the tab visible: at once, then every
 * `POLL_MS` (a mark appears within 15 s without a reload). One poll for every component that
 * reads them; it stops when none is left or the tab is hidden.
 */
const POLL_MS = 8_000;
/** A tap renews one's own mark at most this often (the call form is focused again and again). */
const RENEW_MS = 60_000;

let marks: ReadonlyMap<string, CallMark> = new Map();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

async function poll(): Promise<void> {
  timer = undefined;
  if (listeners.size === 0 || document.visibilityState !== 'visible') return;
  try {
    const response = await fetch(CALLING_API.live, {
      credentials: 'same-origin',
      cache: 'no-store',
    });
    if (response.ok) {
      const { appels } = (await response.json()) as LiveCallMarks;
      marks = new Map(appels.map((mark) => [mark.demande, mark]));
      for (const listener of listeners) listener();
    }
  } catch {
    // Offline for a moment: the next look will tell.
  }
  if (listeners.size > 0 && timer === undefined) timer = setTimeout(() => void poll(), POLL_MS);
}

function onVisibility(): void {
  if (document.visibilityState === 'visible' && timer === undefined) void poll();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    document.addEventListener('visibilitychange', onVisibility);
    void poll();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    document.removeEventListener('visibilitychange', onVisibility);
    clearTimeout(timer);
    timer = undefined;
  };
}

/** A colleague's live mark on the request, if any (never one's own). */
export function useCallMark(leadId: string): CallMark | undefined {
  return useSyncExternalStore(
    subscribe,
    () => marks.get(leadId),
    () => undefined,
  );
}

const lastStarts = new Map<string, number>();

/**
 * Marks the request « … appelle » for the signed-in person (the `tel:` link tapped, the call form
 * opened): sent without waiting, kept alive if the page is left for the phone.
 */
export function startCallMark(leadId: string, now: number = Date.now()): void {
  if (now - (lastStarts.get(leadId) ?? 0) < RENEW_MS) return;
  lastStarts.set(leadId, now);
  void fetch(CALLING_API.start(leadId), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => lastStarts.delete(leadId));
}

/** Forgets the renewals (her call is logged: the next tap starts a new mark at once). */
export function callMarkEnded(leadId: string): void {
  lastStarts.delete(leadId);
}

/** A ref for the call form: focusing anything in it (opening the form) starts the mark. */
export function useCallFormMark(leadId: string): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const element = form.current;
    const start = () => startCallMark(leadId);
    element?.addEventListener('focusin', start);
    return () => element?.removeEventListener('focusin', start);
  }, [leadId]);
  return form;
}
