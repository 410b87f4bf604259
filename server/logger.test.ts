import { afterEach, describe, expect, it, vi } from 'vitest';

import { createLogger, redact, serializeError } from './logger.ts';

const PERSONAL = ['anne@entreprise.example', '06 12 34 56 78', 'N’Diaye', 'Anne-Marie'];

function expectNoPersonalData(text: string) {
  for (const value of PERSONAL) expect(text).not.toContain(value);
}

describe('serializeError', () => {
  it('keeps the name, the code and the stack frames', () => {
    const error = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    const serialized = serializeError(error);
    expect(serialized.name).toBe('Error');
    expect(serialized.message).toBe('database is locked');
    expect(serialized.code).toBe('SQLITE_BUSY');
    expect(serialized.stack?.[0]).toMatch(/^at .*logger\.test\.ts:\d+:\d+/);
    expect(serialized.stack?.every((frame) => frame.startsWith('at '))).toBe(true);
  });

  it('masks the input that JSON.parse echoes in its message and stack', () => {
    let thrown: unknown;
    try {
      JSON.parse('{"nom":"N’Diaye","email":"anne@entreprise.example", oops}');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SyntaxError);
    const serialized = serializeError(thrown);
    expect(serialized.name).toBe('SyntaxError');
    expect(serialized.message).toMatch(/JSON/);
    expectNoPersonalData(JSON.stringify(serialized));
  });

  it('masks addresses and phone numbers a mail server echoes, and drops its response', () => {
    const refusal = Object.assign(
      new Error(
        "Can't send mail - all recipients were rejected: 550 5.1.1 <anne@entreprise.example>: unknown, call 06 12 34 56 78",
      ),
      { code: 'EENVELOPE', responseCode: 550, response: '550 <anne@entreprise.example> unknown' },
    );
    const serialized = serializeError(refusal);
    expect(serialized.message).toContain('550 5.1.1 <[email]>');
    expect(serialized.message).toContain('[phone]');
    expect(serialized.code).toBe('EENVELOPE');
    expect(Object.keys(serialized).sort()).toEqual(['code', 'message', 'name', 'stack']);
    expectNoPersonalData(JSON.stringify(serialized));
  });

  it('follows the cause, and describes thrown values that are not errors', () => {
    const error = new Error('send failed', { cause: new Error('to anne@entreprise.example') });
    expect(serializeError(error).cause?.message).toBe('to [email]');
    expect(serializeError('rejected for anne@entreprise.example')).toEqual({
      name: 'NonError',
      message: 'rejected for [email]',
    });
    expect(serializeError({ email: 'anne@entreprise.example' })).toEqual({
      name: 'NonError',
      message: 'a thrown object',
    });
  });
});

describe('redact', () => {
  it('leaves identifiers, codes and addresses of machines readable', () => {
    const text = 'lead 3f1c2a9e-7d41-4c3b-9a55-0b6f1e2d3c4b: connect ECONNREFUSED 127.0.0.1:2525';
    expect(redact(text)).toBe(text);
  });

  it('masks French phone numbers in their usual spellings', () => {
    for (const phone of ['06 12 34 56 78', '0612345678', '06.12.34.56.78', '+33 6 12 34 56 78']) {
      expect(redact(`call ${phone}`)).toBe('call [phone]');
    }
  });
});

describe('createLogger', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes an Error field as a serialized error with its stack, on stderr', () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockReturnValue(true);
    createLogger('info').error('outbox_error', {
      leadId: 'abc',
      error: new Error('refused anne@entreprise.example'),
    });
    expect(stderr).toHaveBeenCalledOnce();
    const line = JSON.parse(String(stderr.mock.calls[0]?.[0])) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 'error',
      event: 'outbox_error',
      leadId: 'abc',
      error: { name: 'Error', message: 'refused [email]' },
    });
    expect((line.error as { stack: string[] }).stack.length).toBeGreaterThan(0);
  });

  it('masks a message passed as a string under error', () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockReturnValue(true);
    createLogger('info').warn('storage_unavailable', { error: 'locked by "anne@x.example"' });
    const line = JSON.parse(String(stderr.mock.calls[0]?.[0])) as Record<string, unknown>;
    expect(line.error).toBe('locked by "…"');
  });
});
