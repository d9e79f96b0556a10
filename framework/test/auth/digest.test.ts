import { setImmediate } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DigestNonces } from '../../src/auth/schemes/digest/DigestNonces.ts';
import { Htdigest } from '../../src/auth/schemes/digest/htdigest.ts';
import { call, challenges, createAuthApp, digest, hex, useTemporaryFolder } from './support.ts';

const folder = useTemporaryFolder();

afterEach(() => {
  vi.useRealTimers();
});

const BOB = { user: 'bob', password: 'bob-pw' } as const;

/** Asks for a challenge and returns its nonce. */
async function nonceFrom(app: Parameters<typeof call>[0]): Promise<string> {
  const response = await call(app, '/books', { method: 'POST' });
  const challenge = challenges(response).find((c) => c.startsWith('Digest')) ?? '';
  return /nonce="([^"]+)"/.exec(challenge)?.[1] as string;
}

function post(app: Parameters<typeof call>[0], authorization: string, uri = '/books') {
  return call(app, uri, { method: 'POST', headers: { authorization } });
}

describe('htdigest', () => {
  it('tells MD5 and SHA-256 lines apart by the length of HA1', () => {
    const md5 = hex('md5', 'u:r:p');
    const sha = hex('sha256', 'u:r:p');
    const file = Htdigest.parse(`u:r:${md5}\nu:r:${sha}\nbad:r:xyz\n# u:r:0\n`);
    expect(file.ha1('u', 'r', 'MD5')).toBe(md5);
    expect(file.ha1('u', 'r', 'SHA-256')).toBe(sha);
    expect(file.ha1('u', 'other', 'MD5')).toBeUndefined();
    expect(file.ha1('bad', 'r', 'MD5')).toBeUndefined();
  });
});

describe('HTTP Digest', () => {
  it.each(['MD5', 'SHA-256'] as const)('authenticates with %s', async (algorithm) => {
    const { app } = createAuthApp(folder());
    const response = await post(app, digest(await nonceFrom(app), { algorithm }));
    expect(response.status).toBe(200);
    expect((await response.json()).who).toBe('alice');
  });

  it('reads the scheme in any case, as RFC 9110 section 11.1 asks', async () => {
    const { app } = createAuthApp(folder());
    const response = await post(app, digest(await nonceFrom(app)).replace(/^Digest/, 'dIGEST'));
    expect(response.status).toBe(200);
  });

  it('signs the query string too', async () => {
    const { app } = createAuthApp(folder());
    const uri = '/books?draft=1';
    const response = await post(app, digest(await nonceFrom(app), { uri }), uri);
    expect(response.status).toBe(200);
  });

  it('refuses SHA-256 for a user with only an MD5 line, and accepts MD5', async () => {
    const { app } = createAuthApp(folder());
    const nonce = await nonceFrom(app);
    const sha = await post(
      app,
      digest(nonce, { user: 'bob', password: 'bob-pw', algorithm: 'SHA-256' }),
    );
    expect(sha.status).toBe(401);
    const md5 = await post(app, digest(nonce, { user: 'bob', password: 'bob-pw' }));
    expect(md5.status).toBe(200);
  });

  it.each([
    ['a wrong password', { password: 'nope' }],
    ['an unknown user', { user: 'mallory' }],
    ['another realm', { realm: 'elsewhere', user: 'carol', password: 'carol-pw' }],
    ['a digest of another URI', { uri: '/books/1' }],
    ['a digest of another method', { method: 'PUT' }],
  ])('refuses %s', async (_, options) => {
    const { app } = createAuthApp(folder());
    const response = await post(app, digest(await nonceFrom(app), options));
    expect(response.status).toBe(401);
    expect(challenges(response).join()).not.toContain('stale');
  });

  it('refuses a replayed request: the nonce count must increase', async () => {
    const { app } = createAuthApp(folder());
    const nonce = await nonceFrom(app);
    expect((await post(app, digest(nonce, { nc: '00000001' }))).status).toBe(200);
    const replayed = await post(app, digest(nonce, { nc: '00000001' }));
    expect(replayed.status).toBe(401);
    expect((await replayed.json()).detail).toMatch(/replayed/);
    expect((await post(app, digest(nonce, { nc: '00000002' }))).status).toBe(200);
    expect((await post(app, digest(nonce, { nc: '00000002' }))).status).toBe(401);
    expect((await post(app, digest(nonce, { nc: '00000005' }))).status).toBe(200);
  });

  it('refuses an expired nonce with stale=true and a fresh nonce that works', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { app } = createAuthApp(folder());
    const nonce = await nonceFrom(app);
    vi.setSystemTime(Date.now() + 61_000);
    const stale = await post(app, digest(nonce));
    expect(stale.status).toBe(401);
    const digestChallenges = challenges(stale).filter((c) => c.startsWith('Digest'));
    expect(digestChallenges).toHaveLength(2);
    for (const challenge of digestChallenges) expect(challenge).toMatch(/, stale=true$/);
    const fresh = /nonce="([^"]+)"/.exec(digestChallenges[0] as string)?.[1] as string;
    expect(fresh).not.toBe(nonce);
    expect((await post(app, digest(fresh))).status).toBe(200);
  });

  it('refuses a nonce it never issued, as stale when the digest is right', async () => {
    const { app } = createAuthApp(folder());
    const response = await post(app, digest('made-up-nonce'));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('stale=true');
  });

  it('keeps a client’s nonce however many are issued after it (nonces cannot be flushed)', async () => {
    const { app } = createAuthApp(folder());
    const nonce = await nonceFrom(app);
    expect((await post(app, digest(nonce))).status).toBe(200);
    // An attacker asks for challenges, as fast as it can.
    for (let n = 0; n < 10_050; n++) await call(app, '/books', { method: 'POST' });
    expect((await post(app, digest(nonce, { nc: '00000002' }))).status).toBe(200);
  });

  it('refuses a replay even after the counts it would need were dropped for room', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    const nonces = new DigestNonces(300, { maxPerUser: 2 });
    const issue = () => {
      vi.advanceTimersByTime(1);
      return nonces.issue();
    };
    const [first, second, third] = [issue(), issue(), issue()] as [string, string, string];
    const uses = [first, second, third].map((nonce) => nonces.use('alice', nonce, 1));
    expect(await Promise.all(uses)).toEqual(['ok', 'ok', 'ok']);
    // first's count made room for third's: first is now stale (the client retries), never
    // accepted again with a count it already used.
    expect(await nonces.use('alice', first, 1)).toBe('stale');
    expect(await nonces.use('alice', third, 1)).toBe('replayed');
    expect(await nonces.use('alice', `${third.slice(0, -2)}AA`, 2)).toBe('stale');
  });

  it("keeps each user's counts apart: one user's uses drop only its own", async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    const nonces = new DigestNonces(300, { maxPerUser: 2 });
    const issue = () => {
      vi.advanceTimersByTime(1);
      return nonces.issue();
    };
    const alices = issue();
    expect(await nonces.use('alice', alices, 1)).toBe('ok');
    const bobs = Array.from({ length: 5 }, issue);
    for (const nonce of bobs) expect(await nonces.use('bob', nonce, 1)).toBe('ok');
    expect(await nonces.use('bob', bobs[0] as string, 2)).toBe('stale');
    expect(await nonces.use('alice', alices, 2)).toBe('ok');
    expect(await nonces.use('alice', alices, 2)).toBe('replayed');
  });

  it("keeps another user's nonce, and its replay refused, while an account uses 10,050", async () => {
    const { app } = createAuthApp(folder());
    const server = await app.run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
    const overSocket = (authorization?: string) =>
      fetch(`${server.url}/books`, {
        method: 'POST',
        headers: authorization ? { authorization } : {},
      });
    const freshNonce = async () => {
      const challenge = challenges(await overSocket()).find((c) => c.startsWith('Digest'));
      return /nonce="([^"]+)"/.exec(challenge ?? '')?.[1] as string;
    };
    try {
      const alices = await freshNonce();
      expect((await overSocket(digest(alices))).status).toBe(200);
      // bob, who knows his password, asks for a new nonce for every request, 10,050 times:
      // in-process, through the same application and nonces, as sockets would take minutes
      // on a busy machine and add nothing to what is tested.
      const bobsFirst = await freshNonce();
      expect((await overSocket(digest(bobsFirst, BOB))).status).toBe(200);
      for (let n = 1; n < 10_050; n++) {
        const answer = await post(app, digest(await nonceFrom(app), BOB));
        expect(answer.status).toBe(200);
        // In-process requests never leave the microtask queue: let timers and sockets run,
        // or alice's idle keep-alive connection is closed under her next request.
        if (n % 100 === 0) await setImmediate();
      }

      // alice goes on with her nonce; her replay is still refused.
      expect((await overSocket(digest(alices, { nc: '00000002' }))).status).toBe(200);
      const replayed = await overSocket(digest(alices, { nc: '00000002' }));
      expect(replayed.status).toBe(401);
      expect((await replayed.json()).detail).toMatch(/replayed/);
      // bob's flood dropped his own oldest counts: that nonce is stale for him, not replayable.
      const bobsOld = await overSocket(digest(bobsFirst, { ...BOB, nc: '00000001' }));
      expect(bobsOld.status).toBe(401);
      expect(bobsOld.headers.get('www-authenticate')).toContain('stale=true');
    } finally {
      await server.close();
    }
  });

  it('counts a wrong password against the limits, and never a stale nonce after a right one', async () => {
    const { app } = createAuthApp(folder(), { limits: { failures: 1 } });
    for (const _ of [1, 2, 3]) expect((await post(app, digest('made-up-nonce'))).status).toBe(401);
    expect((await post(app, digest(await nonceFrom(app)))).status).toBe(200);
    const wrong = await post(app, digest(await nonceFrom(app), { password: 'guess' }));
    expect(wrong.status).toBe(429);
  });

  it.each([
    ['no parameters', 'Digest'],
    [
      'a missing response',
      'Digest username="alice", realm="test", nonce="n", uri="/books", qop=auth, nc=00000001, cnonce="c"',
    ],
    ['an unquoted comma mess', 'Digest username=alice,,realm'],
    ['an unterminated quote', 'Digest username="alice'],
    ['a parameter twice', 'Digest username="a", username="b"'],
    [
      'qop=auth-int',
      'Digest username="alice", realm="test", nonce="n", uri="/books", qop=auth-int, nc=00000001, cnonce="c", response="0"',
    ],
    [
      'a non-hex nc',
      'Digest username="alice", realm="test", nonce="n", uri="/books", qop=auth, nc=zz, cnonce="c", response="0"',
    ],
    [
      'an unknown algorithm',
      'Digest username="alice", realm="test", nonce="n", uri="/books", algorithm=SHA-1, qop=auth, nc=00000001, cnonce="c", response="0"',
    ],
  ])('answers %s with 401, never 500', async (_, header) => {
    const { app } = createAuthApp(folder());
    const response = await post(app, header);
    expect(response.status).toBe(401);
    expect((await response.json()).title).toBe('Unauthorized');
  });
});
