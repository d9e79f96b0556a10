import {
  type ErrorMiddlewareFunction,
  errorMiddleware,
  type MiddlewareFunction,
  text,
} from 'hyperpipe';
import { describe, expect, it } from 'vitest';

import { passing, run, TestPipe } from './support.ts';

const boom = new Error('boom');
const throwing: MiddlewareFunction = () => {
  throw boom;
};

/** Error middleware that logs its name and the error's message, then passes the error on. */
function passingOn(log: string[], name: string): ErrorMiddlewareFunction {
  return (error, _request, _response, next) => {
    log.push(`${name}:${(error as Error).message}`);
    return next();
  };
}

/** Error middleware that logs and recovers with a response. */
function recovering(log: string[], name: string): ErrorMiddlewareFunction {
  return (error, _request, _response, _next) => {
    log.push(`${name}:${(error as Error).message}`);
    return text(`recovered by ${name}`, { status: 503 });
  };
}

describe('switching to error middleware', () => {
  it('a throw switches to the error middleware after the thrower, not before it', async () => {
    const log: string[] = [];
    const pipe = new TestPipe()
      .pipe(recovering(log, 'before'))
      .pipe(throwing)
      .pipe(recovering(log, 'after'));
    const { body } = await run(pipe);
    expect(body).toBe('recovered by after');
    expect(log).toEqual(['after:boom']);
  });

  it('a rejected promise switches like a throw', async () => {
    const log: string[] = [];
    const pipe = new TestPipe()
      .pipe(async () => Promise.reject(boom))
      .pipe(recovering(log, 'handler'));
    expect((await run(pipe)).body).toBe('recovered by handler');
  });

  it('any thrown value is an error, even undefined', async () => {
    const received: unknown[] = [];
    const pipe = new TestPipe()
      .pipe(() => {
        throw undefined;
      })
      .pipe((error: unknown, _request: unknown, _response: unknown, _next: unknown) => {
        received.push(error);
        return text('handled');
      });
    const { body, end } = await run(pipe);
    expect(body).toBe('handled');
    expect(received).toEqual([undefined]);
    expect(end.next).toHaveLength(0);
  });

  it('normal middleware after the thrower is skipped while handling an error', async () => {
    const log: string[] = [];
    const pipe = new TestPipe()
      .pipe(throwing)
      .pipe(passing(log, 'normal'))
      .pipe(recovering(log, 'handler'));
    await run(pipe);
    expect(log).toEqual(['handler:boom']);
  });

  it('error middleware is skipped when nothing failed', async () => {
    const log: string[] = [];
    const pipe = new TestPipe()
      .pipe(passing(log, 'a'))
      .pipe(recovering(log, 'handler'))
      .pipe(passing(log, 'b'));
    const { end } = await run(pipe);
    expect(log).toEqual(['a', 'b']);
    expect(end.next).toHaveLength(1);
  });

  it('the first error middleware that returns a response recovers; later ones do not run', async () => {
    const log: string[] = [];
    const pipe = new TestPipe()
      .pipe(throwing)
      .pipe(recovering(log, 'first'))
      .pipe(recovering(log, 'second'));
    const { response, body, end } = await run(pipe);
    expect([response.status, body]).toEqual([503, 'recovered by first']);
    expect(log).toEqual(['first:boom']);
    expect(end.fail).toHaveLength(0);
  });

  it('error middleware passes the error on by calling next()', async () => {
    const log: string[] = [];
    const pipe = new TestPipe()
      .pipe(throwing)
      .pipe(passingOn(log, 'first'))
      .pipe(recovering(log, 'second'));
    expect((await run(pipe)).body).toBe('recovered by second');
    expect(log).toEqual(['first:boom', 'second:boom']);
  });

  it('error middleware passes an error on by throwing, and the next one receives the new error', async () => {
    const log: string[] = [];
    const pipe = new TestPipe()
      .pipe(throwing)
      .pipe((error: unknown, _request: unknown, _response: unknown, _next: unknown) => {
        throw new Error(`wrapped ${(error as Error).message}`);
      })
      .pipe(recovering(log, 'last'));
    await run(pipe);
    expect(log).toEqual(['last:wrapped boom']);
  });

  it('an error nobody recovers from reaches the end of the pipe', async () => {
    const log: string[] = [];
    const pipe = new TestPipe().pipe(throwing).pipe(passingOn(log, 'only'));
    const { response, end } = await run(pipe);
    expect(response.status).toBe(500);
    expect(end.fail).toEqual([boom]);
  });

  it('an error coming back out of next() does not run the same error middleware twice', async () => {
    // Inside a nested pipe, an unhandled error rejects the promise that next() returned to
    // the middleware above the thrower; the walk must not meet "innerErr" a second time.
    const log: string[] = [];
    const inner = new TestPipe()
      .pipe(passing(log, 'a'))
      .pipe(throwing)
      .pipe(passingOn(log, 'innerErr'));
    const pipe = new TestPipe().pipe(inner).pipe(recovering(log, 'outerErr'));
    const { body } = await run(pipe);
    expect(body).toBe('recovered by outerErr');
    expect(log).toEqual(['a', 'innerErr:boom', 'outerErr:boom']);
  });

  it('an error recovered from after it came out of next() is handled again when thrown anew', async () => {
    // "recovers" swallows the error that escaped the nested pipe; "rethrows", above it, then
    // throws the same object as a new error, which the error middleware after it must see.
    const log: string[] = [];
    const rethrows: MiddlewareFunction = async (_request, _response, next) => {
      await next();
      throw boom;
    };
    const recovers: MiddlewareFunction = async (_request, _response, next) => {
      try {
        return await next();
      } catch {
        return text('recovered');
      }
    };
    const inner = new TestPipe()
      .pipe(rethrows)
      .pipe(recovers)
      .pipe(throwing)
      .pipe(passingOn(log, 'innerErr'));
    const pipe = new TestPipe().pipe(inner).pipe(recovering(log, 'outerErr'));
    expect((await run(pipe)).body).toBe('recovered by outerErr');
    expect(log).toEqual(['innerErr:boom', 'innerErr:boom', 'outerErr:boom']);
  });

  it('the final end answers an unhandled error, so nothing rejects out of a top-level next()', async () => {
    let outcome = '';
    const pipe = new TestPipe()
      .pipe(async (_request, _response, next) => {
        try {
          const response = await next();
          outcome = `resolved ${response.status}`;
          return response;
        } catch {
          outcome = 'rejected';
          throw boom;
        }
      })
      .pipe(throwing);
    const { end } = await run(pipe);
    expect(outcome).toBe('resolved 500');
    expect(end.fail).toEqual([boom]);
  });
});

describe('nested pipes', () => {
  it('a list joins the pipe item by item, before what is piped after it', async () => {
    const log: string[] = [];
    const pipe = new TestPipe()
      .pipe([passing(log, 'a'), passing(log, 'b')])
      .pipe(passing(log, 'c'));
    await run(pipe);
    expect(log).toEqual(['a', 'b', 'c']);
  });

  it('error middleware inside a list handles errors thrown inside the list', async () => {
    const log: string[] = [];
    const pipe = new TestPipe().pipe([throwing, recovering(log, 'inside')]);
    expect((await run(pipe)).body).toBe('recovered by inside');
  });

  it('an error a nested pipe does not handle goes to error middleware after it in the outer pipe', async () => {
    const log: string[] = [];
    const pipe = new TestPipe()
      .pipe([throwing, passingOn(log, 'inside')])
      .pipe(recovering(log, 'outside'));
    expect((await run(pipe)).body).toBe('recovered by outside');
    expect(log).toEqual(['inside:boom', 'outside:boom']);
  });
});

describe('recognising error middleware', () => {
  it.each([
    [
      'a function with four parameters',
      (_e: unknown, _r: unknown, _s: unknown, _n: unknown) => text('E'),
      {},
    ],
    [
      'errorMiddleware(fn) where the arity cannot show it',
      errorMiddleware((..._args) => text('E')),
      {},
    ],
    ['a function marked error: true', (..._args: unknown[]) => text('E'), { error: true }],
    ['an object with processError', { processError: () => text('E') }, {}],
    [
      'an object with both methods marked error: true',
      { process: () => text('N'), processError: () => text('E') },
      { error: true },
    ],
  ])('%s is error middleware', async (_name, middleware, options) => {
    const normal = await run(new TestPipe().pipe(middleware as never, options));
    expect(normal.end.next).toHaveLength(1); // skipped in normal flow
    const failing = await run(new TestPipe().pipe(throwing).pipe(middleware as never, options));
    expect(failing.body).toBe('E');
  });

  it.each([
    ['a function with three parameters', (_r: unknown, _s: unknown, _n: unknown) => text('N')],
    ['a function with rest parameters', (..._args: unknown[]) => text('N')],
    ['an object with process', { process: () => text('N') }],
    ['an object with both methods', { process: () => text('N'), processError: () => text('E') }],
  ])('%s is normal middleware', async (_name, middleware) => {
    expect((await run(new TestPipe().pipe(middleware as never))).body).toBe('N');
    const failing = await run(new TestPipe().pipe(throwing).pipe(middleware as never));
    expect(failing.end.fail).toEqual([boom]);
  });

  it('error middleware receives (error, request, response, next)', async () => {
    const args: unknown[][] = [];
    const pipe = new TestPipe().pipe(throwing).pipe(
      errorMiddleware((...received) => {
        args.push(received);
        return text('E');
      }),
    );
    await run(pipe, '/here');
    const [error, request, response, next] = args[0] ?? [];
    expect(error).toBe(boom);
    expect((request as { path: string }).path).toBe('/here');
    expect((response as { status: number }).status).toBe(200);
    expect(typeof next).toBe('function');
  });
});
