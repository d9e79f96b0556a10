import {
  createApplication,
  type ErrorMiddlewareFunction,
  type MiddlewareFunction,
  text,
} from 'hyperpipe';
import { describe, expect, it } from 'vitest';

import { passing, run, TestPipe } from './support.ts';

/** Middleware named `twice` that calls next() a second time after the first answered. */
async function twice(
  ...[request, _response, next]: Parameters<MiddlewareFunction>
): Promise<Response> {
  await next(request);
  return next(request);
}

describe('next() runs once', () => {
  it('refuses a second call, naming the stage; the rest of the pipe and the end run once', async () => {
    const log: string[] = [];
    const errors: unknown[] = [];
    const pipe = new TestPipe()
      .pipe(twice)
      .pipe(passing(log, 'after'))
      .pipe(((error, _request, _response, _next) => {
        errors.push(error);
        return text('recovered', { status: 500 });
      }) satisfies ErrorMiddlewareFunction);
    const { body, end } = await run(pipe);
    expect(log).toEqual(['after']);
    expect(end.next).toHaveLength(1);
    expect(body).toBe('recovered');
    expect(String(errors[0])).toMatch(/Middleware "twice" called next\(\) a second time/);
  });

  it('refuses a second call made while the first is still running', async () => {
    const log: string[] = [];
    const pipe = new TestPipe()
      .pipe(function both(_request, _response, next) {
        return Promise.all([next(), next()]).then(([first]) => first);
      })
      .pipe(passing(log, 'after'));
    const { response, end } = await run(pipe);
    expect(log).toEqual(['after']);
    expect(end.next).toHaveLength(1);
    expect(end.fail).toHaveLength(1);
    expect(String(end.fail[0])).toMatch(/"both" called next\(\) a second time/);
    expect(response.status).toBe(500);
  });

  it('refuses a second call of an error middleware’s next(), which passes the error on once', async () => {
    const seen: unknown[] = [];
    const again: ErrorMiddlewareFunction = async function again(_error, request, response, next) {
      await next(request, response).catch(() => undefined);
      return next(request, response);
    };
    const pipe = new TestPipe()
      .pipe(() => {
        throw new Error('boom');
      })
      .pipe(again)
      .pipe(((error, _request, _response, next) => {
        seen.push(error);
        return next();
      }) satisfies ErrorMiddlewareFunction);
    const { end } = await run(pipe);
    expect(seen.map(String)).toEqual([
      'Error: boom',
      expect.stringMatching(/"again" called next\(\) a second time/),
    ]);
    // The first call passed boom on; the refusal of the second is an error of its own.
    expect(end.fail.map(String)).toEqual([
      'Error: boom',
      expect.stringMatching(/"again" called next\(\) a second time/),
    ]);
  });

  it('answers a route that calls next() twice once, with a 500, in an application', async () => {
    let routed = 0;
    const app = createApplication({ onError: () => {} });
    app.pipe(async (_request, _response, next) => {
      await next();
      return next();
    });
    app.get('/ping', () => {
      routed++;
      return text('pong');
    });
    const response = await app.handle(new Request('http://localhost/ping'));
    expect(response.status).toBe(500);
    expect(routed).toBe(1);
  });

  it('lets a stage call next() again in another request: each request has its own', async () => {
    const pipe = new TestPipe().pipe(passing([], 'once'));
    expect((await run(pipe)).end.next).toHaveLength(1);
    expect((await run(pipe)).end.next).toHaveLength(1);
  });
});
