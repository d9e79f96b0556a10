import { connect } from 'node:net';
import {
  type Application,
  createApplication,
  json,
  type RunningServer,
  serve,
  text,
} from 'hyperpipe';
import { afterEach, describe, expect, it, vi } from 'vitest';

const running: RunningServer[] = [];

afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** An app whose routes never read a body, and one that says where it is. */
function testApp(): Application {
  const app = createApplication();
  app.get('/here', (request) => json({ url: request.url.href }));
  app.post('/refuse', () => text('not reading that', { status: 415 }));
  app.post('/store', () => new Response('ok', { headers: { 'cache-control': 'max-age=60' } }));
  return app;
}

async function start(options = {}): Promise<RunningServer> {
  const server = await serve(testApp(), { port: 0, handleSignals: false, ...options });
  running.push(server);
  return server;
}

/** What a client reads until the server closes: the raw answer, and any socket error. */
interface RawAnswer {
  text: string;
  error: string | undefined;
}

/**
 * Sends `head` over a plain socket, then `chunks` of a chunked body as fast as the socket
 * takes them, and resolves with everything the server sent back once the connection closes.
 */
function exchange(port: number, head: string, chunks = 0, chunkSize = 64 * 1024) {
  return new Promise<RawAnswer>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let error: string | undefined;
    socket.on('data', (data) => {
      received += data;
    });
    socket.on('error', (cause: NodeJS.ErrnoException) => {
      error = cause.code;
    });
    socket.on('close', () => resolve({ text: received, error }));
    socket.write(head);
    const chunk = `${chunkSize.toString(16)}\r\n${'x'.repeat(chunkSize)}\r\n`;
    let sent = 0;
    const sendMore = () => {
      if (socket.destroyed) return;
      if (sent++ < chunks) socket.write(chunk, () => setImmediate(sendMore));
      else if (chunks > 0) socket.end('0\r\n\r\n');
    };
    sendMore();
  });
}

const statusLine = (answer: RawAnswer) => answer.text.split('\r\n')[0];
const bodyOf = (answer: RawAnswer) =>
  JSON.parse(answer.text.slice(answer.text.indexOf('\r\n\r\n')));
const headerOf = (answer: RawAnswer, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(answer.text.split('\r\n\r\n')[0] as string)?.[1];

describe('a body the application does not read', () => {
  it('never costs the client its answer, even when the connection closes after it', async () => {
    const { port } = await start();
    const head =
      'POST /refuse HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n' +
      'Connection: close\r\n\r\n';
    // Closing at once loses the answer to a reset most of the time; lingering never does.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => exchange(port, head, 4 + index)),
    );
    expect(answers.map(statusLine)).toEqual(
      answers.map(() => 'HTTP/1.1 415 Unsupported Media Type'),
    );
  });
});

describe('requests HTTP/1.1 forbids or the server cannot read', () => {
  it('answers a transfer coding other than chunked with a 501 problem', async () => {
    const { port } = await start();
    const answer = await exchange(
      port,
      'POST /store HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: gzip, chunked\r\n\r\n',
      1,
      16,
    );
    expect(statusLine(answer)).toBe('HTTP/1.1 501 Not Implemented');
    expect(headerOf(answer, 'content-type')).toBe('application/problem+json');
    expect(bodyOf(answer)).toMatchObject({ status: 501, title: 'Not Implemented' });
    expect(bodyOf(answer).detail).toMatch(/"gzip, chunked" is not implemented/);
  });

  it('answers two Host headers with a 400 problem', async () => {
    const { port } = await start();
    const answer = await exchange(
      port,
      'GET /here HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
    );
    expect(statusLine(answer)).toBe('HTTP/1.1 400 Bad Request');
    expect(bodyOf(answer)).toMatchObject({
      status: 400,
      detail: 'The request has more than one Host header',
    });
  });

  it('answers an HTTP/1.1 request without Host with a 400 problem, and lets HTTP/1.0 leave it out', async () => {
    const { port } = await start();
    const answer = await exchange(port, 'GET /here HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(statusLine(answer)).toBe('HTTP/1.1 400 Bad Request');
    expect(headerOf(answer, 'content-type')).toBe('application/problem+json');
    expect(bodyOf(answer)).toMatchObject({ status: 400, detail: 'The request has no Host header' });
    const old = await exchange(port, 'GET /here HTTP/1.0\r\n\r\n');
    expect(statusLine(old)).not.toMatch(/ 400 /);
  });

  it('answers CONNECT with a 501 problem instead of dropping the connection', async () => {
    const { port } = await start();
    const answer = await exchange(
      port,
      'CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n',
    );
    expect(statusLine(answer)).toBe('HTTP/1.1 501 Not Implemented');
    expect(headerOf(answer, 'content-type')).toBe('application/problem+json');
    expect(bodyOf(answer)).toMatchObject({ status: 501, title: 'Not Implemented' });
  });
});

describe('default headers', () => {
  it('tell browsers not to sniff and caches not to store', async () => {
    const { url } = await start();
    for (const response of [await fetch(`${url}/here`), await fetch(`${url}/missing`)]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('give way to a Cache-Control the application sets', async () => {
    const { url } = await start();
    const response = await fetch(`${url}/store`, { method: 'POST' });
    expect(response.headers.get('cache-control')).toBe('max-age=60');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the public URL', () => {
  const askWithHost = async (port: number, target: string) =>
    bodyOf(
      await exchange(
        port,
        `GET ${target} HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
      ),
    ).url;

  it('is taken from the Host header when none is configured', async () => {
    const { port } = await start();
    expect(await askWithHost(port, '/here?a=1')).toBe('http://evil.example/here?a=1');
  });

  it('replaces whatever Host or absolute target the client sends', async () => {
    const { port } = await start({ publicUrl: 'https://api.example.org' });
    expect(await askWithHost(port, '/here?a=1')).toBe('https://api.example.org/here?a=1');
    expect(await askWithHost(port, 'http://evil.example/here')).toBe(
      'https://api.example.org/here',
    );
  });

  it('comes from PUBLIC_URL when not given', async () => {
    vi.stubEnv('PUBLIC_URL', 'http://conference.test:8080');
    const { port } = await start();
    expect(await askWithHost(port, '/here')).toBe('http://conference.test:8080/here');
  });

  it.each(['api.example.org', 'ftp://api.example.org', 'https://api.example.org/v1'])(
    'must be an http(s) origin, not %s',
    async (publicUrl) => {
      await expect(start({ publicUrl })).rejects.toThrow(/public URL/);
    },
  );
});

describe('the address', () => {
  it('is 127.0.0.1 unless HOST or the hostname option says otherwise', async () => {
    vi.stubEnv('HOST', '');
    const local = await start();
    expect(local.server.address()).toMatchObject({ address: '127.0.0.1' });
    expect(local.url).toBe(`http://localhost:${local.port}`);
    vi.stubEnv('HOST', '0.0.0.0');
    expect((await start()).server.address()).toMatchObject({ address: '0.0.0.0' });
    expect((await start({ hostname: '127.0.0.1' })).url).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });
});
