import { describe, expect, it } from 'vitest';

import { isCrossSiteRequest, parseJsonSafely } from './request-guards.ts';

const ORIGINS = ['https://www.example.fr'];
const headers = (entries: Record<string, string>) => new Headers(entries);
const CONTACT = { acceptSameSite: true };
const STAFF = { acceptSameSite: false };

describe('isCrossSiteRequest', () => {
  it('judges by Origin when there is one, whatever Sec-Fetch-Site says', () => {
    for (const rule of [CONTACT, STAFF]) {
      const ours = headers({ origin: 'https://www.example.fr', 'sec-fetch-site': 'cross-site' });
      const theirs = headers({ origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' });
      expect(isCrossSiteRequest(ours, ORIGINS, rule)).toBe(false);
      expect(isCrossSiteRequest(theirs, ORIGINS, rule)).toBe(true);
    }
  });

  it('without Origin, passes same-origin, none and no header at all on both rules', () => {
    for (const rule of [CONTACT, STAFF]) {
      expect(isCrossSiteRequest(headers({}), ORIGINS, rule)).toBe(false);
      for (const site of ['same-origin', 'none']) {
        expect(isCrossSiteRequest(headers({ 'sec-fetch-site': site }), ORIGINS, rule)).toBe(false);
      }
      expect(isCrossSiteRequest(headers({ 'sec-fetch-site': 'cross-site' }), ORIGINS, rule)).toBe(
        true,
      );
    }
  });

  it('without Origin, lets same-site through only where the rule accepts it', () => {
    const sameSite = headers({ 'sec-fetch-site': 'same-site' });
    expect(isCrossSiteRequest(sameSite, ORIGINS, CONTACT)).toBe(false);
    expect(isCrossSiteRequest(sameSite, ORIGINS, STAFF)).toBe(true);
  });
});

describe('parseJsonSafely', () => {
  it('parses JSON and refuses prototype-pollution keys at any depth', () => {
    expect(parseJsonSafely('{"a":[1,{"b":2}]}')).toEqual({ a: [1, { b: 2 }] });
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      expect(() => parseJsonSafely(`{"a":{"${key}":{}}}`)).toThrow();
    }
  });
});
