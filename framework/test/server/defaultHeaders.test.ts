import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendDefaultHeaders } from '../../src/server/defaultHeaders.ts';

const servers: ReturnType<typeof createServer>[] = [];

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

/** The headers a node:http server sends when `answer` writes its response. */
async function headersSentBy(
  answer: (response: ServerResponse, request: IncomingMessage) => void,
): Promise<Headers> {
  const server = createServer((request, response) => {
    sendDefaultHeaders(response);
    answer(response, request);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/`);
  await response.text();
  return response.headers;
}

describe('sendDefaultHeaders', () => {
  it('adds nosniff and no-store to the headers given to writeHead', async () => {
    const headers = await headersSentBy((response) =>
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('hi'),
    );
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('content-type')).toBe('text/plain');
  });

  it('gives way to a header of the same name, whatever its case', async () => {
    const headers = await headersSentBy((response) =>
      response.writeHead(200, 'Fine', { 'Cache-Control': 'max-age=60' }).end(),
    );
    expect(headers.get('cache-control')).toBe('max-age=60');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('gives way to a header set with setHeader, and reaches an answer without writeHead', async () => {
    const headers = await headersSentBy((response) => {
      response.setHeader('cache-control', 'private');
      response.end('implicit head');
    });
    expect(headers.get('cache-control')).toBe('private');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('gives way to headers given as a raw list, repeated names kept', async () => {
    const headers = await headersSentBy((response) =>
      response
        .writeHead(200, ['Cache-Control', 'max-age=5', 'Set-Cookie', 'a=1', 'Set-Cookie', 'b=2'])
        .end(),
    );
    expect(headers.get('cache-control')).toBe('max-age=5');
    expect(headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
  });
});
