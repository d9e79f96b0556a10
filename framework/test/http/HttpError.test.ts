import { HttpError } from 'hyperpipe';
import { describe, expect, it } from 'vitest';
import { MethodNotAllowedError, reasonPhrase } from '../../src/http/HttpError.ts';

describe('HttpError', () => {
  it('carries its status, and the reason phrase as default message', () => {
    const error = new HttpError(404);
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(404);
    expect(error.message).toBe('Not Found');
    expect(error.headers).toEqual({});
  });

  it('carries a given message, headers and cause', () => {
    const cause = new Error('db down');
    const error = new HttpError(503, 'Try later', { headers: { 'Retry-After': '5' }, cause });
    expect(error.message).toBe('Try later');
    expect(error.headers).toEqual({ 'Retry-After': '5' });
    expect(error.cause).toBe(cause);
  });

  it.each([
    [404, 'Not Found'],
    [405, 'Method Not Allowed'],
    [418, "I'm a Teapot"],
    [599, 'Unknown'],
  ])('reasonPhrase(%i) is %j', (status, phrase) => {
    expect(reasonPhrase(status)).toBe(phrase);
  });
});

describe('MethodNotAllowedError', () => {
  it('is a 405 HttpError whose Allow header joins the methods with commas', () => {
    const error = new MethodNotAllowedError(['GET', 'POST']);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(405);
    expect(error.message).toBe('Method Not Allowed');
    expect(error.headers).toEqual({ Allow: 'GET,POST' });
    expect(error.allowedMethods).toEqual(['GET', 'POST']);
    expect(error.name).toBe('MethodNotAllowedError');
  });
});
