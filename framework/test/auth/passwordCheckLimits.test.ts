import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthenticationLimitsOptions } from '../../src/auth/index.ts';
import { MAX_WAITING } from '../../src/auth/passwordChecks.ts';
import { type RunningServer, serve } from '../../src/server/index.ts';
import { basic, createAuthApp, useTemporaryFolder } from './support.ts';

const folder = useTemporaryFolder();
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** A bcrypt hash that takes a while to check (cost 10, as the demo users'): checks pile up. */
const SLOW = bcrypt.hashSync('slow-secret', 10);

/** A server whose only user, `slow`, has a slow hash. */
async function serveSlowUser(limits: AuthenticationLimitsOptions = {}): Promise<RunningServer> {
  const dir = folder();
  const { app } = createAuthApp(dir, { limits });
  writeFileSync(join(dir, 'users.htpasswd'), `slow:${SLOW}\n`);
  const server = await serve(app, { port: 0, handleSignals: false, hostname: '127.0.0.1' });
  running.push(server);
  return server;
}

function statusOf(server: RunningServer, password: string, localAddress: string) {
  return new Promise<number>((resolve, reject) => {
    const headers = { authorization: basic('slow', password) };
    const options = { host: '127.0.0.1', port: server.port, path: '/books', headers };
    request({ ...options, localAddress, agent: false }, (answer) => {
      answer.resume().on('end', () => resolve(answer.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

describe('password checks under load', () => {
  it('answers a hundred first requests with the right password at once, with one check', async () => {
    const server = await serveSlowUser();
    const statuses = await Promise.all(
      Array.from({ length: 100 }, () => statusOf(server, 'slow-secret', '127.0.5.1')),
    );
    // Before, each was a check of its own: 16 waited and the rest were refused with 503.
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });

  it(`leaves room for others when one client sends more than ${MAX_WAITING} guesses at once`, async () => {
    const server = await serveSlowUser();
    const flood = Array.from({ length: 40 }, (_, n) => statusOf(server, `guess-${n}`, '127.0.5.4'));
    // Long enough for all 40 to arrive, far too short for 16 slow checks to be done.
    await new Promise((resolve) => setTimeout(resolve, 300));
    // A first request, never checked before: before, the flood held all 16 places (503).
    expect(await statusOf(server, 'slow-secret', '127.0.5.5')).toBe(200);
    expect(await Promise.all(flood)).toContain(503);
  });

  it('counts a guess refused for want of room as a failure', async () => {
    const server = await serveSlowUser({ failures: 30 });
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, n) => statusOf(server, `guess-${n}`, '127.0.5.2')),
    );
    expect(statuses).toContain(503);
    // 40 guesses counted, past the 30 allowed: the next one waits. Before, only the 16 or
    // so that were checked counted, and refused guesses were free.
    expect(await statusOf(server, 'another-guess', '127.0.5.2')).toBe(429);
    expect(await statusOf(server, 'slow-secret', '127.0.5.3')).toBe(200);
  });
});
