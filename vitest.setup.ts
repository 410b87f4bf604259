import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its automatic cleanup.
// Unmount what a browser-like test rendered: a tree left mounted may run React work after the
// jsdom window is gone ("window is not defined" from the scheduler, seen under load).
if (typeof window !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
}
