import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Application, createApplication, text } from 'hyperpipe';
import { type RunningServer, serve } from 'hyperpipe/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ownProcess } from '../support/ownProcess.ts';

const running: RunningServer[] = [];

async function start(app: Application, options = {}): Promise<RunningServer> {
  const server = await app.run({
    port: 0,
    hostname: '127.0.0.1',
    handleSignals: false,
    ...options,
  });
  running.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** A port that was free a moment ago. */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * POSTs a small write over `agent` and resolves with the status and `Connection` of the
 * answer, such as `200 keep-alive`, or with the error code that lost it.
 */
function write(port: number, agent: Agent): Promise<string> {
  return new Promise((resolve) => {
    const request = httpRequest(
      { port, host: '127.0.0.1', method: 'POST', path: '/write', agent },
      (response) => {
        response.resume();
        response.on('end', () => resolve(`${response.statusCode} ${response.headers.connection}`));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    request.end(JSON.stringify({ name: 'Ada' }));
  });
}

describe('serve and app.run', () => {
  it('answers over a real socket', async () => {
    const app = createApplication();
    app.get('/hello/{name}', (request) => text(`hello ${request.param('name')}`));
    app.post('/echo', async (request) => text(await request.request.text()));
    const { url, port } = await start(app);
    expect(url).toBe(`http://127.0.0.1:${port}`);
    expect(await (await fetch(`${url}/hello/ada`)).text()).toBe('hello ada');
    expect(await (await fetch(`${url}/echo`, { method: 'POST', body: 'ping' })).text()).toBe(
      'ping',
    );
    const missing = await fetch(`${url}/nothing`);
    expect(missing.status).toBe(404);
  });

  it('HEAD over the socket carries headers but no body', async () => {
    const app = createApplication();
    app.get('/', () => text('body', { headers: { 'X-Seen': 'yes' } }));
    const { url } = await start(app);
    const response = await fetch(url, { method: 'HEAD' });
    expect(response.headers.get('x-seen')).toBe('yes');
    expect(await response.text()).toBe('');
  });

  it('close() stops the server: new connections are refused', async () => {
    const app = createApplication();
    app.get('/', () => text('up'));
    const server = await serve(app, { port: 0, hostname: '127.0.0.1', handleSignals: false });
    expect(await (await fetch(server.url)).text()).toBe('up');
    await server.close();
    await expect(fetch(server.url)).rejects.toThrow();
    await server.close(); // closing twice is harmless
  });

  it('close() waits for a request in flight to finish', async () => {
    const started = deferred();
    const release = deferred();
    const app = createApplication();
    app.get('/slow', async () => {
      started.resolve();
      await release.promise;
      return text('finished');
    });
    const server = await serve(app, { port: 0, hostname: '127.0.0.1', handleSignals: false });
    const inFlight = fetch(`${server.url}/slow`);
    await started.promise;
    let closed = false;
    const closing = server.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    release.resolve();
    const response = await inFlight;
    expect(await response.text()).toBe('finished');
    // The client keeps the connection alive; close() must not wait for it to give up.
    const tooLate = new Promise((resolve) => setTimeout(resolve, 1000, 'still open'));
    expect(await Promise.race([closing.then(() => 'closed'), tooLate])).toBe('closed');
  });

  it('close() answers a writer’s request in flight with Connection: close, and resets none', async () => {
    const third = deferred();
    const release = deferred();
    let writes = 0;
    const app = createApplication();
    app.post('/write', async () => {
      writes += 1;
      if (writes === 3) {
        third.resolve();
        await release.promise;
      }
      return text('written');
    });
    const server = await serve(app, { port: 0, hostname: '127.0.0.1', handleSignals: false });
    // A writer: one kept-alive connection, each request sent once the last is answered.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const outcomes: string[] = [];
    const writer = (async () => {
      for (let sent = 0; sent < 20; sent++) {
        outcomes.push(await write(server.port, agent));
        if (!outcomes.at(-1)?.startsWith('200')) break;
      }
    })();
    await third.promise;
    const closing = server.close();
    release.resolve();
    await writer;
    await closing;
    agent.destroy();
    // Answers that said keep-alive kept the writer on its connection until the close cut
    // one of its requests: ECONNRESET. Told `close`, it connects anew and is refused.
    expect(outcomes).toEqual(['200 keep-alive', '200 keep-alive', '200 close', 'ECONNREFUSED']);
  });

  it('close() closes an idle kept-alive connection at once', async () => {
    const app = createApplication();
    app.get('/', () => text('up'));
    const server = await serve(app, {
      port: 0,
      hostname: '127.0.0.1',
      handleSignals: false,
      keepAliveTimeout: 60_000,
      closeTimeout: 60_000,
    });
    const agent = new Agent({ keepAlive: true });
    const response = await new Promise<{ headers: Record<string, unknown> }>((resolve) =>
      httpRequest({ port: server.port, host: '127.0.0.1', agent }, (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer));
      }).end(),
    );
    expect(response.headers.connection).toBe('keep-alive');
    // Resolves only once the connection is closed: now, not a minute later.
    await server.close();
    agent.destroy();
  });

  it('listens on the PORT environment variable when no port is given', async () => {
    const port = await freePort();
    const saved = process.env.PORT;
    process.env.PORT = String(port);
    try {
      const app = createApplication();
      app.get('/', () => text('from PORT'));
      const server = await start(app, { port: undefined });
      expect(server.port).toBe(port);
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('from PORT');
    } finally {
      if (saved === undefined) delete process.env.PORT;
      else process.env.PORT = saved;
    }
  });

  it('refuses a PORT that is not a port number', async () => {
    const saved = process.env.PORT;
    process.env.PORT = 'eighty';
    try {
      await expect(start(createApplication(), { port: undefined })).rejects.toThrow(
        'PORT must be a port number, not "eighty"',
      );
    } finally {
      if (saved === undefined) delete process.env.PORT;
      else process.env.PORT = saved;
    }
  });

  it('rejects when the port is taken', async () => {
    const first = await start(createApplication());
    await expect(start(createApplication(), { port: first.port })).rejects.toThrow(/EADDRINUSE/);
  });
});

describe('signals', () => {
  let child: ChildProcess | undefined;

  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'a served app closes and exits with code 0 on %s',
    async (sig) => {
      const fixture = fileURLToPath(new URL('./fixtures/serveUntilSignal.ts', import.meta.url));
      child = spawn(process.execPath, ['--import', 'tsx', fixture], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      ownProcess(child);
      let stderr = '';
      child.stderr?.on('data', (chunk) => {
        stderr += chunk;
      });
      const [firstLine] = (await once(child.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
      const url = firstLine.toString().trim();
      expect(await (await fetch(url)).text()).toBe('child says hi');

      const exited = once(child, 'exit');
      child.kill(sig);
      const [code, signal] = await exited;
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      expect(stderr).toContain(`${sig}: closing the server`);
    },
  );
});

describe('signal handlers', () => {
  it('are removed when the server is closed by hand', async () => {
    const before = process.listenerCount('SIGTERM');
    const app = createApplication();
    app.get('/', () => new Response('ok'));
    const running = await app.run({ port: 0 });
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    await running.close();
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });
});
