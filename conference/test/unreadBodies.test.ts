import type { RunningServer } from 'hyperpipe/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createTestConference, PROBLEM } from './support/conference.ts';
import { exchange } from './support/rawHttp.ts';

// A client that uploads a large body to a request the API answers without reading all of
// it (a 405, 404, 415 or 413) must still receive that answer: chunked or with a
// Content-Length, with the connection kept alive or closed after the answer, and even
// when, like Python's http.client, it reads nothing until it has sent its whole body.
let server: RunningServer;
beforeAll(async () => {
  const { app } = await createTestConference();
  server = await app.run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
});
afterAll(async () => {
  await server?.close();
});

const KiB = 1024;
const MiB = 1024 * KiB;
const PIECE = Buffer.alloc(64 * KiB, 'x');

interface Upload {
  method: string;
  path: string;
  contentType: string;
  size: number;
  framing: 'chunked' | 'content-length';
  connection: 'close' | 'keep-alive';
}

/** The request head, then the body in 64 KiB pieces, framed as asked. */
function piecesOf({ method, path, contentType, size, framing, connection }: Upload): Buffer[] {
  const framingHeader =
    framing === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`;
  const head =
    `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${contentType}\r\n` +
    `Authorization: ${basicAuth('editor')}\r\n${framingHeader}\r\nConnection: ${connection}\r\n\r\n`;
  const pieces = [Buffer.from(head)];
  for (let left = size; left > 0; left -= PIECE.length) {
    const piece = PIECE.subarray(0, Math.min(left, PIECE.length));
    pieces.push(
      framing === 'chunked'
        ? Buffer.concat([
            Buffer.from(`${piece.length.toString(16)}\r\n`),
            piece,
            Buffer.from('\r\n'),
          ])
        : piece,
    );
  }
  if (framing === 'chunked') pieces.push(Buffer.from('0\r\n\r\n'));
  return pieces;
}

/** Requests the API answers without reading their whole body, and the sizes sent to each. */
const refusals = [
  { method: 'POST', path: '/speaker/1', contentType: 'application/json', status: 405 },
  { method: 'DELETE', path: '/speaker', contentType: 'application/json', status: 405 },
  { method: 'POST', path: '/nowhere', contentType: 'application/json', status: 404 },
].flatMap((refusal) => [64 * KiB, 2 * MiB].map((size) => ({ ...refusal, size })));
// A body over the 1 MiB limit is a 413 whatever its type, so the 415 gets a smaller one.
refusals.push(
  { method: 'POST', path: '/speaker', contentType: 'text/plain', status: 415, size: 64 * KiB },
  { method: 'POST', path: '/speaker', contentType: 'application/json', status: 413, size: 2 * MiB },
);

const cases = refusals.flatMap((refusal) =>
  (['chunked', 'content-length'] as const).flatMap((framing) =>
    (['close', 'keep-alive'] as const).map((connection) => ({ ...refusal, framing, connection })),
  ),
);

describe('a large body the API answers without reading', () => {
  it.each(cases)(
    '$method $path, $size bytes $framing, $connection: the client reads the $status',
    async ({ status, ...upload }) => {
      const answer = await exchange(server.port, {
        pieces: piecesOf(upload),
        readAfterSending: true,
        keepAlive: upload.connection === 'keep-alive',
      });
      expect(answer.status, `socket error: ${answer.error}`).toBe(status);
      expect(answer.headers['content-type']).toBe(PROBLEM);
      expect(JSON.parse(answer.body)).toMatchObject({ status });
    },
  );

  it('still reads the next request on a kept-alive connection after a refused body', async () => {
    const refused = piecesOf({
      method: 'POST',
      path: '/speaker/1',
      contentType: 'application/json',
      size: 100 * KiB,
      framing: 'content-length',
      connection: 'keep-alive',
    });
    const next = 'GET /timezone HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n';
    const answer = await exchange(server.port, { pieces: [...refused, next] });
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(405);
    expect(answer.body).toMatch(/"status":405.*HTTP\/1\.1 200 OK.*"timezone":/s);
  });
});

describe('a body sent with no framing at all', () => {
  // Node's http.request sends a GET's body this way when told to write one: without a
  // Content-Length, the server can only take the body for the next request, which is no HTTP.
  it.each([64 * KiB, 2 * MiB])(
    'after a GET, %i bytes: the client reads a 400 problem, not a reset',
    async (size) => {
      const head = 'GET /speaker/1 HTTP/1.1\r\nHost: localhost\r\n\r\n';
      const pieces = [head, ...Array.from({ length: size / PIECE.length }, () => PIECE)];
      const answer = await exchange(server.port, { pieces, readAfterSending: true });
      expect(answer.error).toBeUndefined();
      // The GET may be answered before the server meets the stray bytes, or not at all.
      expect([200, 400]).toContain(answer.status);
      if (answer.status === 400) expect(answer.headers['content-type']).toBe(PROBLEM);
    },
  );

  it('after a request that closes the connection: the request gets its own answer', async () => {
    // A 400 here would reach a HEAD client as a body it never expects.
    const head = 'HEAD /timezone HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n';
    const answer = await exchange(server.port, { pieces: [head, '{"stray": true}'] });
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('');
  });
});
