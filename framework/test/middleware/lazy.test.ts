import { type Container, ServiceManager, text } from 'hyperpipe';
import { describe, expect, it, vi } from 'vitest';
import { ServiceNotFoundError } from '../../src/container/ServiceNotFoundError.ts';
import { InvalidMiddlewareError } from '../../src/middleware/InvalidMiddlewareError.ts';

import { run, TestPipe } from './support.ts';

/** A container spy over a ServiceManager holding `services`. */
function spyContainer(services: Record<string, unknown>) {
  const manager = new ServiceManager({ services });
  const container: Container = {
    has: vi.fn((name: string) => manager.has(name)),
    get: vi.fn((name: string) => manager.get(name)),
  };
  return container as Container & { get: ReturnType<typeof vi.fn> };
}

const hello = () => text('hello from the service');
const fail = () => {
  throw new Error('boom');
};

describe('lazy middleware (SPEC 7.2)', () => {
  it('asks the container only when the middleware is invoked', async () => {
    const container = spyContainer({ Hello: hello });
    const pipe = new TestPipe(container).pipe('Hello');
    expect(container.get).not.toHaveBeenCalled();
    const { body } = await run(pipe);
    expect(body).toBe('hello from the service');
    expect(container.get).toHaveBeenCalledWith('Hello');
  });

  it('does not ask the container when the request never reaches the middleware', async () => {
    const container = spyContainer({ Hello: hello });
    const pipe = new TestPipe(container).pipe('Hello', { path: '/hello' });
    await run(pipe, '/other');
    expect(container.get).not.toHaveBeenCalled();
  });

  it.each([
    ['a number', 42],
    ['a string', 'not middleware'],
    ['an object without process()', { handle() {} }],
  ])('a service that is %s fails when invoked, naming the service', async (_kind, service) => {
    const container = spyContainer({ Broken: service });
    const pipe = new TestPipe(container).pipe('Broken'); // registering is fine
    const { end } = await run(pipe);
    const error = end.fail[0];
    expect(error).toBeInstanceOf(InvalidMiddlewareError);
    expect((error as Error).message).toBe('Lazy-loaded middleware "Broken" is not invokable');
  });

  it('a service missing from the container fails when invoked, not at registration', async () => {
    const pipe = new TestPipe(spyContainer({})).pipe('Missing');
    const { end } = await run(pipe);
    expect(end.fail[0]).toBeInstanceOf(ServiceNotFoundError);
  });

  it('with error: true the wrapper is error middleware and receives (error, request, response, next)', async () => {
    const received: unknown[][] = [];
    const container = spyContainer({
      ErrorHandler: (...args: unknown[]) => {
        received.push(args);
        return text(`handled ${(args[0] as Error).message}`);
      },
    });
    const pipe = new TestPipe(container).pipe(fail).pipe('ErrorHandler', { error: true });
    const { body } = await run(pipe, '/x');
    expect(body).toBe('handled boom');
    expect(received).toHaveLength(1);
    const [error, request, , next] = received[0] ?? [];
    expect((error as Error).message).toBe('boom');
    expect((request as { path: string }).path).toBe('/x');
    expect(typeof next).toBe('function');
  });

  it('with error: true the wrapper is skipped, and the container not asked, in normal flow', async () => {
    const container = spyContainer({ ErrorHandler: () => text('never') });
    const pipe = new TestPipe(container)
      .pipe('ErrorHandler', { error: true })
      .pipe(() => text('normal'));
    expect((await run(pipe)).body).toBe('normal');
    expect(container.get).not.toHaveBeenCalled();
  });

  it('without error: true the wrapper is normal middleware and receives (request, response, next)', async () => {
    const received: unknown[][] = [];
    const container = spyContainer({
      Inspect: (...args: unknown[]) => {
        received.push(args);
        return text('ok');
      },
    });
    await run(new TestPipe(container).pipe('Inspect'), '/y');
    const [request, response, next] = received[0] ?? [];
    expect((request as { path: string }).path).toBe('/y');
    expect((response as { status: number }).status).toBe(200);
    expect(typeof next).toBe('function');
  });

  it.each([
    [
      'a four-parameter function',
      (_e: unknown, _r: unknown, _s: unknown, _n: unknown) => text('E'),
    ],
    ['an object with only processError()', { processError: () => text('E') }],
  ])(
    'a service that is error middleware behind an entry without error: true fails when invoked (%s)',
    async (_kind, service) => {
      const pipe = new TestPipe(spyContainer({ Handler: service })).pipe('Handler');
      const { end } = await run(pipe);
      expect(end.fail[0]).toBeInstanceOf(InvalidMiddlewareError);
      expect((end.fail[0] as Error).message).toBe(
        'Lazy-loaded middleware "Handler" is error middleware; mark its entry with error: true',
      );
    },
  );

  it('a service may be a list, which runs as a nested pipe', async () => {
    const log: string[] = [];
    const container = spyContainer({
      Stack: [
        (_request: unknown, _response: unknown, next: () => Promise<Response>) => {
          log.push('first');
          return next();
        },
        () => text('second'),
      ],
    });
    expect((await run(new TestPipe(container).pipe('Stack'))).body).toBe('second');
    expect(log).toEqual(['first']);
  });
});
