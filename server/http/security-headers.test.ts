import { describe, expect, it } from 'vitest';

import { pageCsp } from './security-headers.ts';

function directive(csp: string, name: string): string | undefined {
  return csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
}

describe('pageCsp', () => {
  it('lets the pages post their form only to the site itself by default', () => {
    const csp = pageCsp([], { hsts: false });
    expect(directive(csp, 'form-action')).toBe("form-action 'self'");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
  });

  it('adds the backend origin to form-action and connect-src when BACKEND_URL points elsewhere', () => {
    const csp = pageCsp([], { hsts: false, backendOrigin: 'https://projet.supabase.example' });
    expect(directive(csp, 'form-action')).toBe(
      "form-action 'self' https://projet.supabase.example",
    );
    expect(directive(csp, 'connect-src')).toBe(
      "connect-src 'self' https://projet.supabase.example",
    );
  });
});
