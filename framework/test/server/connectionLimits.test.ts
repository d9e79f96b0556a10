/**
 * Clients that connect and send nothing cannot hold the server: a silent connection is
 * closed after the header timeout, connections past the limit are refused, and each says so
 * on stderr, a line per flood rather than one per connection.
 */
import { once } from 'node:events';
import { get as httpGet } from 'node:http';
import { connect, type Socket } from 'node:net';
import { createApplication, text } from 'hyperpipe';
import { type RunningServer, serve } from 'hyperpipe/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThrottledLog } from '../../src/http/throttledLog.ts';

let server: RunningServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function start(options: Parameters<typeof serve>[1]): Promise<RunningServer> {
  const app = createApplication();
  app.get('/ping', () => text('pong'));
  server = await serve(app, { port: 0, hostname: '127.0.0.1', handleSignals: false, ...options });
  return server;
}

/** A connection that sends nothing; resolves once connected, with what it received and when it closed. */
async function silentConnection(
  port: number,
  localAddress = '127.0.0.1',
): Promise<{ closed: Promise<unknown>; received: () => string }> {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  sockets.push(socket);
  const closed = once(socket, 'close');
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
  });
  socket.on('error', () => undefined); // a refused connection may be reset
  await once(socket, 'connect');
  return { closed, received: () => received };
}

/** What was logged on stderr, line by line. */
function stderrLines(): () => string[] {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return () => errors.mock.calls.map((call) => call.map(String).join(' '));
}

describe('connections that send nothing', () => {
  it('are closed after the header timeout, with a 408 problem and a line on stderr', async () => {
    const logged = stderrLines();
    const { port } = await start({ headersTimeout: 200 });
    const { closed, received } = await silentConnection(port);
    await closed;
    expect(received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(received()).toContain('"status":408');
    expect(logged()).toEqual([
      expect.stringMatching(
        /closed a connection whose request did not arrive in time \(headers within 200 ms/,
      ),
    ]);
  });

  it('are refused past the connection limit, in one line for the flood, and the server recovers', async () => {
    const logged = stderrLines();
    const { port, url } = await start({ maxConnections: 2 });
    await silentConnection(port);
    await silentConnection(port);
    const refused = [];
    for (let n = 0; n < 20; n++) refused.push(await silentConnection(port));
    await Promise.all(refused.map(({ closed }) => closed));
    expect(refused.map(({ received }) => received())).toEqual(Array(20).fill(''));
    const drops = logged().filter((line) => line.includes('refused a connection'));
    expect(drops).toEqual([
      '[hyperpipe] refused a connection: 2 are open, the most this server takes (maxConnections)',
    ]);
    // Once the silent ones go, others get in again.
    for (const socket of sockets.splice(0)) socket.destroy();
    await vi.waitFor(async () => expect(await (await fetch(`${url}/ping`)).text()).toBe('pong'));
  });
});

describe('ThrottledLog', () => {
  it('logs the first of a kind at once, then counts the rest into one line per ten seconds', () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const log = new ThrottledLog((line) => lines.push(line));
    for (let n = 0; n < 500; n++) log.note('drop', 'refused a connection');
    log.note('timeout', 'closed a slow connection');
    expect(lines).toEqual([
      '[hyperpipe] refused a connection',
      '[hyperpipe] closed a slow connection',
    ]);
    vi.advanceTimersByTime(10_000);
    expect(lines.slice(2)).toEqual(['[hyperpipe] 499 more in 10 s: refused a connection']);
    log.note('drop', 'refused a connection');
    vi.advanceTimersByTime(10_000);
    expect(lines.slice(3)).toEqual(['[hyperpipe] 1 more in 10 s: refused a connection']);
    vi.advanceTimersByTime(10_000);
    log.note('drop', 'refused a connection');
    expect(lines.slice(4)).toEqual(['[hyperpipe] refused a connection']);
  });
});

describe('one address holding connections', () => {
  it('holds its share of maxConnections, not all of them: other clients still get in', async () => {
    const logged = stderrLines();
    const { port, url } = await start({ maxConnections: 40 });
    const held = [];
    for (let n = 0; n < 45; n++) held.push(await silentConnection(port, '127.0.72.1'));
    // A tenth of 40 is below the least share, 10: ten stay open, the others are closed.
    const closed = await Promise.all(
      held.map(({ closed }) =>
        Promise.race([closed.then(() => true), new Promise((r) => setTimeout(r, 300, false))]),
      ),
    );
    expect(closed.filter((was) => !was)).toHaveLength(10);
    // Before, the one address held all 40 places and this was refused.
    const { status } = await fetchFrom(url, '127.0.72.2');
    expect(status).toBe(200);
    expect(logged().filter((line) => line.includes('refused a connection from'))).toEqual([
      '[hyperpipe] refused a connection from 127.0.72.1: it holds 10, the most one address may ' +
        '(maxConnectionsPerAddress; behind a reverse proxy every client has its address: raise it)',
    ]);
  });

  it('takes maxConnectionsPerAddress as given', async () => {
    const { port } = await start({ maxConnections: 40, maxConnectionsPerAddress: 3 });
    const held = [];
    for (let n = 0; n < 5; n++) held.push(await silentConnection(port, '127.0.72.3'));
    const closed = await Promise.all(
      held.map(({ closed }) =>
        Promise.race([closed.then(() => true), new Promise((r) => setTimeout(r, 300, false))]),
      ),
    );
    expect(closed).toEqual([false, false, false, true, true]);
  });
});

/** GET /ping from a loopback address of our choosing. */
function fetchFrom(url: string, localAddress: string): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const target = new URL('/ping', url);
    const request = httpGet(
      { host: '127.0.0.1', port: target.port, path: target.pathname, localAddress, agent: false },
      (answer) => {
        answer.resume().on('end', () => resolve({ status: answer.statusCode ?? 0 }));
      },
    );
    request.on('error', reject);
  });
}
