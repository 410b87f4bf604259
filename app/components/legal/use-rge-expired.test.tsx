// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { siteConfig } from '#config/site.ts';
import { RGE_STATUS_ATTRIBUTE, useRgeExpired } from './use-rge-expired.ts';

function Probe() {
  const expired = useRgeExpired();
  return <p {...{ [RGE_STATUS_ATTRIBUTE]: String(expired) }}>{expired ? 'expiré' : 'valable'}</p>;
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const dayAfterExpiry = new Date(`${siteConfig.rge.validUntil}T12:00:00Z`);
dayAfterExpiry.setUTCDate(dayAfterExpiry.getUTCDate() + 1);

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('useRgeExpired', () => {
  it('hydrates a page built before the expiry without mismatch, then says it expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(dayAfterExpiry);
    const container = document.createElement('div');
    container.innerHTML = `<p ${RGE_STATUS_ATTRIBUTE}="false">valable</p>`;
    document.body.append(container);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Probe />, {
        onRecoverableError: (error) => recoverable.push(error),
      });
    });
    expect(recoverable).toEqual([]);
    expect(container.textContent).toBe('expiré');
  });

  it('says valid before the expiry date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${siteConfig.rge.validUntil}T08:00:00Z`));
    const container = document.createElement('div');
    container.innerHTML = `<p ${RGE_STATUS_ATTRIBUTE}="false">valable</p>`;
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, <Probe />);
    });
    expect(container.textContent).toBe('valable');
  });
});
