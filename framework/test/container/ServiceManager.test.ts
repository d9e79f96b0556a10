import { Application, createContainer, ServiceManager } from 'hyperpipe';
import { describe, expect, it, vi } from 'vitest';
import { ServiceNotFoundError } from '../../src/container/ServiceNotFoundError.ts';

class Clock {
  readonly created = Symbol('clock');
}

describe('ServiceManager', () => {
  it('returns ready-made services as they are', () => {
    const config = { debug: true };
    const container = new ServiceManager({ services: { config } });
    expect(container.has('config')).toBe(true);
    expect(container.get('config')).toBe(config);
  });

  it('creates an invokable with new on first request and shares it afterwards', () => {
    const container = new ServiceManager({ invokables: { Clock } });
    expect(container.has('Clock')).toBe(true);
    const first = container.get('Clock');
    expect(first).toBeInstanceOf(Clock);
    expect(container.get('Clock')).toBe(first);
  });

  it('calls a factory once, with the container and the service name, and shares the result', () => {
    const factory = vi.fn((_container: unknown, name: string) => ({ builtFor: name }));
    const container = new ServiceManager({ factories: { Mailer: factory } });
    const first = container.get('Mailer');
    expect(container.get('Mailer')).toBe(first);
    expect(first).toEqual({ builtFor: 'Mailer' });
    expect(factory).toHaveBeenCalledTimes(1);
    expect(factory.mock.calls[0]?.[0]).toBe(container);
  });

  it('does not create anything before it is asked for', () => {
    const factory = vi.fn(() => ({}));
    const container = new ServiceManager({ factories: { Lazy: factory } });
    expect(container.has('Lazy')).toBe(true);
    expect(factory).not.toHaveBeenCalled();
  });

  it('a factory can ask the container for its dependencies', () => {
    const container = new ServiceManager({
      services: { config: { greeting: 'hi' } },
      factories: {
        Greeter: (c) => ({ greet: () => (c.get('config') as { greeting: string }).greeting }),
      },
    });
    expect((container.get('Greeter') as { greet(): string }).greet()).toBe('hi');
  });

  it('a class stands for its name, typed', () => {
    const container = new ServiceManager({ invokables: { Clock } });
    expect(container.has(Clock)).toBe(true);
    const clock: Clock = container.get(Clock);
    expect(clock).toBe(container.get('Clock'));
  });

  it('an unknown service throws ServiceNotFoundError naming it', () => {
    const container = new ServiceManager();
    expect(container.has('Nope')).toBe(false);
    expect(() => container.get('Nope')).toThrow(ServiceNotFoundError);
    expect(() => container.get('Nope')).toThrow(
      'Service "Nope" is not registered; add it to services, invokables or factories',
    );
  });

  it.each(['toString', 'constructor', 'hasOwnProperty'])(
    'a name inherited by plain objects (%s) is not a service',
    (name) => {
      const container = new ServiceManager({ factories: {}, invokables: {} });
      expect(container.has(name)).toBe(false);
      expect(() => container.get(name)).toThrow(ServiceNotFoundError);
    },
  );

  it('a missing dependency is reported as itself, not as a failure of the dependent', () => {
    const container = new ServiceManager({ factories: { A: (c) => c.get('Missing') } });
    expect(() => container.get('A')).toThrow('Service "Missing" is not registered');
  });

  it('detects circular dependencies and shows the chain', () => {
    const container = new ServiceManager({
      factories: { A: (c) => c.get('B'), B: (c) => c.get('C'), C: (c) => c.get('A') },
    });
    expect(() => container.get('A')).toThrow('Circular dependency: A -> B -> C -> A');
  });

  it('a failing factory is reported with the service name and the cause', () => {
    const cause = new Error('no database');
    const container = new ServiceManager({
      factories: {
        Db: () => {
          throw cause;
        },
      },
    });
    let thrown: unknown;
    try {
      container.get('Db');
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Error).message).toBe('Service "Db" could not be created: no database');
    expect((thrown as Error).cause).toBe(cause);
  });

  it('after a failure the service is not cached and no false circularity is reported', () => {
    let attempts = 0;
    const container = new ServiceManager({
      factories: {
        Flaky: () => {
          attempts += 1;
          if (attempts === 1) throw new Error('first try fails');
          return 'ok';
        },
      },
    });
    expect(() => container.get('Flaky')).toThrow('could not be created');
    expect(container.get('Flaky')).toBe('ok');
  });

  it('setService replaces a service', () => {
    const container = new ServiceManager({ services: { config: { a: 1 } } });
    container.setService('config', { a: 2 });
    expect(container.get('config')).toEqual({ a: 2 });
  });
});

describe('createContainer', () => {
  it('holds the whole configuration as the config service, beside configured services', () => {
    const config = { dependencies: { services: { answer: 42 } }, debug: false };
    const container = createContainer(config);
    expect(container.get('config')).toBe(config);
    expect(container.get('answer')).toBe(42);
  });

  it('builds the Application, shared, with ApplicationFactory', async () => {
    const container = createContainer({
      routes: [
        { path: '/', middleware: () => new Response('configured'), allowed_methods: ['GET'] },
      ],
    });
    const app = container.get(Application);
    expect(app).toBeInstanceOf(Application);
    expect(container.get('Application')).toBe(app);
    expect(await (await app.handle(new Request('http://localhost/'))).text()).toBe('configured');
  });

  it('a configured Application factory replaces the default one', () => {
    const custom = new Application();
    const container = createContainer({
      dependencies: { factories: { Application: () => custom } },
    });
    expect(container.get(Application)).toBe(custom);
  });

  it('configured invokables and factories are available', () => {
    const container = createContainer({
      dependencies: { invokables: { Clock }, factories: { Now: () => 'now' } },
    });
    expect(container.get(Clock)).toBeInstanceOf(Clock);
    expect(container.get('Now')).toBe('now');
  });
});
