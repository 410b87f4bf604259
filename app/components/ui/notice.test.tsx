// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { type Notice, NoticeArea, SUCCESS_NOTICE_MS } from './notice.tsx';

const success: Notice = { id: 1, tone: 'success', title: 'Envoyé', description: 'Merci.' };
const failure: Notice = { id: 2, tone: 'error', title: 'Erreur', description: 'Réessayez.' };

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('NoticeArea', () => {
  it('keeps both live regions in the page, empty, when there is nothing to say', () => {
    render(<NoticeArea notice={null} onDismiss={() => undefined} dismissLabel="Fermer" />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('announces successes politely and errors assertively', () => {
    const { rerender } = render(
      <NoticeArea notice={success} onDismiss={() => undefined} dismissLabel="Fermer" />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('EnvoyéMerci.');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    rerender(<NoticeArea notice={failure} onDismiss={() => undefined} dismissLabel="Fermer" />);
    expect(screen.getByRole('alert')).toHaveTextContent('ErreurRéessayez.');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('hides a success after its delay, but not while its close button has focus', () => {
    const onDismiss = vi.fn();
    render(<NoticeArea notice={success} onDismiss={onDismiss} dismissLabel="Fermer" />);
    fireEvent.focus(screen.getByRole('button', { name: 'Fermer' }));
    act(() => vi.advanceTimersByTime(SUCCESS_NOTICE_MS * 2));
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.blur(screen.getByRole('button', { name: 'Fermer' }));
    act(() => vi.advanceTimersByTime(SUCCESS_NOTICE_MS - 1));
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('keeps an error until it is dismissed', () => {
    const onDismiss = vi.fn();
    render(<NoticeArea notice={failure} onDismiss={onDismiss} dismissLabel="Fermer" />);
    act(() => vi.advanceTimersByTime(SUCCESS_NOTICE_MS * 10));
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
