import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientAddresses } from '../../src/auth/blocks.ts';
import type { ForwardedHeader } from '../../src/auth/index.ts';
import { setServedAnswer } from '../../src/http/clientAddress.ts';
import { type RunningServer, serve } from '../../src/server/index.ts';
import { basic, createAuthApp, useTemporaryFolder } from './support.ts';

const folder = useTemporaryFolder();
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function serveBehind(
  trustedProxies?: readonly string[],
  forwardedHeader?: ForwardedHeader,
): Promise<RunningServer> {
  const { app } = createAuthApp(folder(), {
    limits: { failures: 2 },
    trustedProxies,
    forwardedHeader,
  });
  const server = await serve(app, { port: 0, handleSignals: false, hostname: '127.0.0.1' });
  running.push(server);
  return server;
}

/** A request over a socket from `localAddress`, with the headers a proxy (or a liar) adds. */
function statusFrom(
  server: RunningServer,
  localAddress: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const all = { ...headers, authorization: basic('sha', password) };
    const options = { host: '127.0.0.1', port: server.port, path: '/books', headers: all };
    request({ ...options, localAddress, agent: false }, (answer) => {
      answer.resume().on('end', () => resolve(answer.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

describe('the client address behind a trusted proxy', () => {
  it('counts each forwarded client apart when the proxy is trusted', async () => {
    const server = await serveBehind(['127.0.0.1']);
    const via = (client: string) => ({ 'x-forwarded-for': `${client}, 127.0.0.1` });
    const guesses = [];
    for (const n of [1, 2])
      guesses.push(await statusFrom(server, '127.0.0.1', `guess-${n}`, via('203.0.113.1')));
    expect(guesses).toEqual([401, 429]);
    // Another client behind the same proxy is not the one who guessed.
    expect(await statusFrom(server, '127.0.0.1', 'secret-sha', via('203.0.113.2'))).toBe(200);
    expect(await statusFrom(server, '127.0.0.1', 'secret-sha', via('203.0.113.1'))).toBe(429);
  });

  it('ignores the headers of a peer that is not a trusted proxy', async () => {
    const server = await serveBehind(['127.0.0.1']);
    const liar = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });
    await statusFrom(server, '127.0.6.1', 'guess-1', liar(1));
    expect(await statusFrom(server, '127.0.6.1', 'guess-2', liar(2))).toBe(429);
    expect(await statusFrom(server, '127.0.6.1', 'secret-sha', liar(3))).toBe(429);
  });

  it('trusts no proxy by default: a forwarded address changes nothing', async () => {
    const server = await serveBehind();
    const liar = (n: number) => ({
      'x-forwarded-for': `198.51.100.${n}`,
      forwarded: `for=198.51.100.${n}`,
    });
    await statusFrom(server, '127.0.0.1', 'guess-1', liar(1));
    expect(await statusFrom(server, '127.0.0.1', 'guess-2', liar(2))).toBe(429);
    expect(await statusFrom(server, '127.0.0.1', 'secret-sha', liar(3))).toBe(429);
  });

  it('reads RFC 7239 Forwarded when told to, and then not X-Forwarded-For', async () => {
    const server = await serveBehind(['127.0.0.0/8'], 'Forwarded');
    const forwarded = (client: string, lie: string) => ({
      forwarded: `for="${client}";proto=https`,
      'x-forwarded-for': lie,
    });
    await statusFrom(server, '127.0.0.1', 'guess-1', forwarded('[2001:db8::7]:4711', '192.0.2.1'));
    const second = forwarded('[2001:db8::7]:4711', '192.0.2.2');
    expect(await statusFrom(server, '127.0.0.1', 'guess-2', second)).toBe(429);
    const other = forwarded('192.0.2.9:80', '192.0.2.1');
    expect(await statusFrom(server, '127.0.0.1', 'secret-sha', other)).toBe(200);
  });
});

describe('ClientAddresses', () => {
  const from = (peer: string, headers: Record<string, string>) => {
    const request = new Request('http://localhost/', { headers });
    setServedAnswer(request, { socket: { remoteAddress: peer }, setHeader: () => {} });
    return request;
  };

  it('takes the right-most address that is not a trusted proxy', () => {
    const addresses = new ClientAddresses(['10.0.0.0/8', '::1']);
    const chain = { 'x-forwarded-for': '198.51.100.1, 203.0.113.5, 10.0.0.2' };
    expect(addresses.of(from('10.0.0.1', chain))).toBe('203.0.113.5');
    expect(addresses.of(from('::ffff:10.0.0.1', chain))).toBe('203.0.113.5');
    expect(addresses.of(from('::1', { 'x-forwarded-for': '[2001:db8::1]:443' }))).toBe(
      '2001:db8::1',
    );
    expect(addresses.of(from('10.0.0.1', { 'x-forwarded-for': 'unknown' }))).toBe('10.0.0.1');
    expect(addresses.of(from('10.0.0.1', {}))).toBe('10.0.0.1');
    expect(addresses.of(from('192.0.2.1', chain))).toBe('192.0.2.1');
  });

  it('refuses a trusted proxy that is no address', () => {
    expect(() => new ClientAddresses(['nginx'])).toThrow(
      'A trusted proxy must be an IP address or a CIDR range such as 10.0.0.0/8, not "nginx"',
    );
    expect(() => new ClientAddresses(['10.0.0.0/33'])).toThrow('not "10.0.0.0/33"');
  });
});
