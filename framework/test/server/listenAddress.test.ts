import { once } from 'node:events';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { createApplication, text } from 'hyperpipe';
import type { RunningServer, ServeOptions } from 'hyperpipe/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

const running: RunningServer[] = [];

afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function run(options: ServeOptions = {}): Promise<RunningServer> {
  const app = createApplication();
  app.get('/', () => text('here'));
  const server = await app.run({ port: 0, handleSignals: false, ...options });
  running.push(server);
  return server;
}

/** An IPv4 address of this machine that is not loopback, if it has one. */
const OUTSIDE = Object.values(networkInterfaces())
  .flat()
  .find((address) => address?.family === 'IPv4' && !address.internal)?.address;

/** Whether a TCP connection to `address:port` is accepted. */
async function accepts(address: string, port: number): Promise<boolean> {
  const socket = connect(port, address);
  const [event] = await Promise.race([once(socket, 'connect'), once(socket, 'error')]).then(
    () => ['connect'],
    () => ['error'],
  );
  socket.destroy();
  return event === 'connect';
}

describe('the address app.run() listens on', () => {
  it('is 127.0.0.1 when neither the option nor HOST names one', async () => {
    vi.stubEnv('HOST', '');
    const server = await run();
    expect(server.server.address()).toMatchObject({ address: '127.0.0.1' });
  });

  it('is every interface with the hostname option 0.0.0.0', async () => {
    const server = await run({ hostname: '0.0.0.0' });
    expect(server.server.address()).toMatchObject({ address: '0.0.0.0' });
    expect(await (await fetch(server.url)).text()).toBe('here');
  });

  it('is every interface with HOST=0.0.0.0, and the option wins over HOST', async () => {
    vi.stubEnv('HOST', '0.0.0.0');
    expect((await run()).server.address()).toMatchObject({ address: '0.0.0.0' });
    const chosen = await run({ hostname: '127.0.0.1' });
    expect(chosen.server.address()).toMatchObject({ address: '127.0.0.1' });
  });

  it.runIf(OUTSIDE)('is reached from another interface only when asked', async () => {
    vi.stubEnv('HOST', '');
    const local = await run();
    const everywhere = await run({ hostname: '0.0.0.0' });
    expect(await accepts(OUTSIDE as string, local.port)).toBe(false);
    expect(await accepts(OUTSIDE as string, everywhere.port)).toBe(true);
  });
});
