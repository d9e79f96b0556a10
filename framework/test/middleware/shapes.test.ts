import type { MiddlewareFunction } from 'hyperpipe';
import { describe, expect, it } from 'vitest';
import { InvalidMiddlewareError } from '../../src/middleware/InvalidMiddlewareError.ts';

import { run, TestPipe } from './support.ts';

describe('what middleware must return', () => {
  it('a middleware returning undefined fails with a TypeError naming it and the likely cause', async () => {
    // biome-ignore lint/correctness/noUnusedFunctionParameters: the forgotten `return next()` is the point
    function forgetful(request: unknown, response: unknown, next: () => Promise<Response>) {
      next();
    }
    const { response, end } = await run(
      new TestPipe().pipe(forgetful as unknown as MiddlewareFunction),
    );
    expect(response.status).toBe(500);
    const error = end.fail[0] as Error;
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe(
      'Middleware "forgetful" returned undefined instead of a Response. Did it forget to return next()?',
    );
  });

  it('a middleware returning the response prototype is told to return response.toResponse()', async () => {
    const writer = (_request: unknown, response: { write(text: string): unknown }) =>
      response.write('hello');
    const { end } = await run(new TestPipe().pipe(writer as unknown as MiddlewareFunction));
    const error = end.fail[0] as Error;
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(
      /"writer" returned the response prototype; return response\.toResponse\(\)/,
    );
  });

  it('the TypeError goes to error middleware like any other error', async () => {
    const pipe = new TestPipe()
      .pipe((() => undefined) as unknown as MiddlewareFunction)
      .pipe((error: unknown, _request: unknown, _response: unknown, _next: unknown) =>
        Response.json({ caught: (error as Error).name }),
      );
    expect(JSON.parse((await run(pipe)).body)).toEqual({ caught: 'TypeError' });
  });
});

describe('what the pipe refuses at registration', () => {
  it.each([
    ['a number', 42, /The number 42 is not middleware/],
    ['null', null, /null is not middleware/],
    [
      'an object without process()',
      { handle() {} },
      /Object has no process\(\) or processError\(\) method/,
    ],
  ])('%s', (_name, value, message) => {
    const pipe = new TestPipe();
    expect(() => pipe.pipe(value as never)).toThrow(InvalidMiddlewareError);
    expect(() => pipe.pipe(value as never)).toThrow(message);
  });

  it('an object marked error: true without processError()', () => {
    expect(() => new TestPipe().pipe({ process: () => new Response('') }, { error: true })).toThrow(
      /has no processError\(\) method, because it is marked as error middleware/,
    );
  });

  it('a service name without a container', () => {
    expect(() => new TestPipe().pipe('Auth')).toThrow(
      'Middleware "Auth" is a service name, but no container was given to look it up',
    );
  });

  it('a bad item inside a list', () => {
    expect(() => new TestPipe().pipe([() => new Response(''), 7 as never])).toThrow(
      InvalidMiddlewareError,
    );
  });
});
