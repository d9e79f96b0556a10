import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { promisify } from 'node:util';
import { type Application, createApplication, json, text } from 'hyperpipe';
import { type RunningServer, serve } from 'hyperpipe/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

const running: RunningServer[] = [];

afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
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

  // Node's parser reads HTTP/2.0 and HTTP/0.9 request lines as HTTP/1.1 (both were
  // answered 200) and refuses other versions as bad syntax (a 400); RFC 9110 §15.6.6.
  it.each([
    ['HTTP/2.0 written as text', 'GET /here HTTP/2.0\r\nHost: localhost\r\n\r\n', '2.0'],
    ['HTTP/0.9', 'GET /here HTTP/0.9\r\nHost: localhost\r\n\r\n', '0.9'],
    ['HTTP/3.0', 'GET /here HTTP/3.0\r\nHost: localhost\r\n\r\n', '3.0'],
    ["HTTP/2's connection preface", 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', '2.0'],
  ])('answers %s with a 505 problem', async (_, head, version) => {
    const { port } = await start();
    const answer = await exchange(port, head);
    expect(statusLine(answer)).toBe('HTTP/1.1 505 HTTP Version Not Supported');
    expect(headerOf(answer, 'content-type')).toBe('application/problem+json');
    expect(bodyOf(answer)).toMatchObject({
      status: 505,
      title: 'HTTP Version Not Supported',
      detail: `HTTP/${version} is not supported; this server speaks HTTP/1.1 (and HTTP/1.0)`,
    });
  });

  it('keeps a version 1 the parser refuses, such as HTTP/1.2, a 400 problem', async () => {
    const { port } = await start();
    const answer = await exchange(port, 'GET /here HTTP/1.2\r\nHost: localhost\r\n\r\n');
    expect(statusLine(answer)).toBe('HTTP/1.1 400 Bad Request');
    expect(bodyOf(answer).detail).toMatch(/not valid HTTP\/1\.1: Invalid HTTP version/);
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

describe('requests the application cannot be given', () => {
  const ask = async (head: string) => exchange((await start()).port, head);
  const expectProblem = (answer: RawAnswer, status: string, detail: RegExp) => {
    expect(statusLine(answer)).toBe(`HTTP/1.1 ${status}`);
    expect(headerOf(answer, 'content-type')).toBe('application/problem+json');
    expect(bodyOf(answer).detail).toMatch(detail);
  };

  // Each answered an empty 400 (a 500 for 999.1.1.1 and x.1, which the adapter let through).
  it.each(['a b', 'a/b', '[::1', '', 'x:99999', '999.1.1.1', 'x.1', 'evil@x'])(
    'answers Host "%s" with a 400 problem',
    async (host) => {
      const answer = await ask(`GET /here HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expectProblem(answer, '400 Bad Request', /^The Host header is not a host name/);
    },
  );

  it('answers a path with a backslash with a 400 problem', async () => {
    const answer = await ask(
      'GET /\\..\\..\\x HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expectProblem(answer, '400 Bad Request', /not make a valid URL \(Backslash in request path\)/);
  });

  it('answers the target * with a 400 problem unless the method is OPTIONS', async () => {
    const answer = await ask('GET * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expectProblem(
      answer,
      '400 Bad Request',
      /^The request target \* is for OPTIONS only, not GET$/,
    );
  });

  it('answers OPTIONS * itself, as a ping: 204 and no body', async () => {
    const answer = await ask('OPTIONS * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(statusLine(answer)).toBe('HTTP/1.1 204 No Content');
    expect(answer.text.endsWith('\r\n\r\n')).toBe(true);
  });

  it('answers an expectation other than 100-continue with a 417 problem', async () => {
    const answer = await ask('GET /here HTTP/1.1\r\nHost: localhost\r\nExpect: a-miracle\r\n\r\n');
    expectProblem(answer, '417 Expectation Failed', /"a-miracle" cannot be met/);
  });

  it('answers a handler that fails outside any pipeline with a 500 problem, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const handlers = [
      { fetch: async () => Promise.reject(new Error('no pipeline')) },
      {
        fetch: () => {
          throw new Error('not even a promise');
        },
      },
    ];
    for (const handler of handlers) {
      const server = await serve(handler, { port: 0, handleSignals: false });
      running.push(server);
      const response = await fetch(`${server.url}/anything`);
      expect(response.status).toBe(500);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect((await response.json()).detail).toBe('The server could not complete the request');
    }
    expect(logged.mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringContaining('no pipeline'),
      expect.stringContaining('not even a promise'),
    ]);
  });

  it('gives curl the same answers', async () => {
    const { url } = await start();
    const curl = async (...args: string[]) => {
      const { stdout } = await promisify(execFile)('curl', [
        '--silent',
        '--write-out',
        '\n%{http_code} %{content_type}',
        ...args,
      ]);
      return stdout.slice(stdout.lastIndexOf('\n') + 1);
    };
    expect(await curl('--path-as-is', `${url}/\\..\\..\\x`)).toBe('400 application/problem+json');
    expect(await curl('--header', 'Host: 999.1.1.1', `${url}/here`)).toBe(
      '400 application/problem+json',
    );
    expect(await curl('--request-target', '*', '--request', 'TRACE', url)).toBe(
      '400 application/problem+json',
    );
    expect(await curl('--request-target', '*', '--request', 'OPTIONS', url)).toBe('204 ');
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
