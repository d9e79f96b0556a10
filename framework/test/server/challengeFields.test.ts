import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { splitChallenges } from '../../src/server/challengeFields.ts';
import { type RunningServer, serve } from '../../src/server/index.ts';
import { createAuthApp, useTemporaryFolder } from '../auth/support.ts';

const folder = useTemporaryFolder();
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function serveAuthApp(): Promise<RunningServer> {
  const server = await serve(createAuthApp(folder()).app, { port: 0, handleSignals: false });
  running.push(server);
  return server;
}

/** What a server sends back, byte for byte, for a request written by hand. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let received = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('end', () => resolve(received)).on('error', reject);
  });
}

describe('WWW-Authenticate on the wire', () => {
  it('splits a joined value into its challenges, never inside a challenge or a quoted string', () => {
    const digest = 'Digest realm="a, b", qop="auth", algorithm=SHA-256, nonce="n,1"';
    expect(
      splitChallenges(`Basic realm="x, Digest y", ${digest}, Negotiate, Bearer abc==, Newauth`),
    ).toEqual(['Basic realm="x, Digest y"', digest, 'Negotiate', 'Bearer abc==', 'Newauth']);
    expect(splitChallenges('Bearer realm = "r", error="invalid_token"')).toEqual([
      'Bearer realm = "r", error="invalid_token"',
    ]);
  });

  it('sends each challenge of a 401 as a field of its own', async () => {
    const server = await serveAuthApp();
    const raw = await rawExchange(
      server.port,
      'POST /books HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
    );
    expect(raw).toMatch(/^HTTP\/1\.1 401 /);
    const fields = raw.split('\r\n').filter((line) => /^www-authenticate:/i.test(line));
    expect(fields.map((field) => field.split(' ')[1])).toEqual([
      'Basic',
      'Digest',
      'Digest',
      'Bearer',
    ]);
  });

  it('lets curl --digest choose SHA-256, offered before MD5', async () => {
    const server = await serveAuthApp();
    const { stdout, stderr } = await promisify(execFile)('curl', [
      '--silent',
      '--verbose',
      '--digest',
      '--user',
      'alice:alice-pw',
      '--request',
      'POST',
      `${server.url}/books`,
    ]);
    const sent = stderr.split('\n').filter((line) => /^> Authorization: Digest/i.test(line));
    expect(sent.at(-1)).toMatch(/algorithm="?SHA-256"?/);
    expect(stderr).toMatch(/< HTTP\/1\.1 200/);
    expect(JSON.parse(stdout)).toMatchObject({ who: 'alice' });
  });
});
