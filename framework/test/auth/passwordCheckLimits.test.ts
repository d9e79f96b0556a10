import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthenticationLimitsOptions } from '../../src/auth/index.ts';
import { MAX_WAITING } from '../../src/auth/limits/passwordChecks.ts';
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

  /** 40 guesses from ten addresses at once: the queue is full while they are checked. */
  function flood(server: RunningServer): Promise<number[]> {
    const guesses = Array.from({ length: 40 }, (_, n) =>
      statusOf(server, `guess-${n}`, `127.0.5.${100 + (n % 10)}`),
    );
    return Promise.all(guesses);
  }
  const arrived = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('never counts a refusal for want of room against the refused', async () => {
    const server = await serveSlowUser({ failures: 3, userFailures: 1000 });
    const guesses = flood(server);
    await arrived();
    // The owner's right password while strangers fill the queue: 503, a dozen times.
    const owner = [];
    for (let n = 0; n < 12; n++) owner.push(await statusOf(server, 'slow-secret', '127.0.5.2'));
    expect(owner).toContain(503);
    expect(await guesses).toContain(503);
    // Before, each 503 counted as the owner's failure, and the owner got 429 for a minute.
    expect(await statusOf(server, 'slow-secret', '127.0.5.2')).toBe(200);
  });

  it('gives a kept right answer only where a check would be admitted', async () => {
    const server = await serveSlowUser({ userFailures: 1000 });
    // The owner signs in: its right answer is kept for ten minutes.
    expect(await statusOf(server, 'slow-secret', '127.0.5.20')).toBe(200);
    const guesses = flood(server);
    await arrived();
    // A prober's guess while the queue is full: before, the kept answer said 200 to the
    // right password while every wrong one got 503, an oracle outside every limit.
    expect(await statusOf(server, 'slow-secret', '127.0.5.30')).toBe(503);
    expect(await guesses).toContain(503);
  });
});
