import { Application, createApplication, createContainer, json } from 'hyperpipe';
import { ApplicationEvents } from 'hyperpipe/server';
import { describe, expect, it } from 'vitest';
import type { Runner } from '../../src/application/Runner.ts';

/** A runner that serves nothing and records what it was handed. */
function recordingRunner(calls: unknown[][]): Runner {
  return async (handler, options) => {
    calls.push([handler, options]);
    return { url: 'http://example.test', port: 1, close: async () => {} } as never;
  };
}

describe('app.run() and the runner (the core holds no server)', () => {
  it('createApplication() runs on node:http: a real request over a real socket', async () => {
    const app = createApplication();
    app.get('/ping', () => json({ ack: true }));
    const server = await app.run({ port: 0, handleSignals: false });
    try {
      const answer = await fetch(`${server.url}/ping`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ ack: true });
    } finally {
      await server.close();
    }
  });

  it('new Application() has no runner, and run() says how to get one', () => {
    expect(() => new Application().run()).toThrow(
      /no server to run on\. Build it with createApplication\(\) or the container, or pass \{ runner: serve \}/,
    );
  });

  it('hands the application and the options to the runner it was given', async () => {
    const calls: unknown[][] = [];
    const app = createApplication({ runner: recordingRunner(calls) });
    const running = await app.run({ port: 1234 });
    expect(running.url).toBe('http://example.test');
    expect(calls).toEqual([[app, { port: 1234 }]]);
  });

  it('does not start when a listener of server.starting throws, rejecting with its error', async () => {
    const calls: unknown[][] = [];
    const app = createApplication({ runner: recordingRunner(calls) });
    app.get('/ping', () => json({ ack: true }), 'ping');
    const seen: string[][] = [];
    app.events.on<Application>(ApplicationEvents.SERVER_STARTING, (starting) => {
      seen.push(starting.routes.map((route) => route.name));
      throw new Error('a rule names a route that is not there');
    });
    await expect(app.run({ port: 0 })).rejects.toThrow('a rule names a route that is not there');
    expect(seen).toEqual([['ping']]);
    expect(calls).toEqual([]);
  });

  it('the container gives its application node:http, or the Runner service configured', async () => {
    const served = createContainer({ routes: [] }).get(Application) as Application;
    const server = await served.run({ port: 0, handleSignals: false });
    await server.close();
    expect(server.port).toBeGreaterThan(0);

    const calls: unknown[][] = [];
    const container = createContainer({
      dependencies: { services: { Runner: recordingRunner(calls) } },
    });
    const app = container.get(Application) as Application;
    await app.run();
    expect(calls).toEqual([[app, {}]]);
  });

  it('refuses a Runner service that is not a function when the application is built', () => {
    const container = createContainer({ dependencies: { services: { Runner: 8080 } } });
    expect(() => container.get(Application)).toThrow(
      /The "Runner" service must be a function .* such as serve from 'hyperpipe\/server'; it is number/,
    );
  });
});
