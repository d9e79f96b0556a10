import { describe, expect, it } from 'vitest';
import { Htpasswd } from '../../src/auth/schemes/basic/htpasswd.ts';
import {
  basic,
  call,
  challenges,
  createAuthApp,
  REALM,
  useTemporaryFolder,
  writeHtpasswd,
} from './support.ts';

const folder = useTemporaryFolder();

describe('htpasswd', () => {
  const users = Htpasswd.fromFile(writeHtpasswd(folder()));

  it.each(['bcrypt2y', 'bcrypt2b', 'apr1', 'sha'])(
    'accepts the right password of %s',
    async (user) => {
      expect(await users.verify(user, `secret-${user}`)).toBe(true);
    },
  );

  it.each(['bcrypt2y', 'bcrypt2b', 'apr1', 'sha'])(
    'refuses a wrong password of %s',
    async (user) => {
      expect(await users.verify(user, `secret-${user}x`)).toBe(false);
      expect(await users.verify(user, '')).toBe(false);
    },
  );

  it('refuses unknown users, and hash formats too weak to trust', async () => {
    expect(await users.verify('nobody', 'secret-nobody')).toBe(false);
    // DES crypt of "secret": recognised by Apache, refused here.
    expect(await users.verify('crypt', 'secret')).toBe(false);
  });

  it('skips comments and blank lines', async () => {
    const parsed = Htpasswd.parse('# comment\n\n  apr1:$apr1$x$y  \n');
    expect(await parsed.verify('# comment', '')).toBe(false);
  });
});

describe('HTTP Basic', () => {
  const { app } = createAuthApp(folder());

  it('authenticates each hash format, and the identity reaches the handler', async () => {
    for (const user of ['bcrypt2y', 'bcrypt2b', 'apr1', 'sha']) {
      const response = await call(app, '/books', {
        method: 'POST',
        headers: { authorization: basic(user, `secret-${user}`) },
      });
      expect(response.status, user).toBe(200);
      expect((await response.json()).who).toBe(user);
    }
  });

  it('reads the scheme in any case, as RFC 9110 section 11.1 asks', async () => {
    const response = await call(app, '/books', {
      method: 'POST',
      headers: { authorization: basic('apr1', 'secret-apr1').replace(/^Basic/, 'bASIC') },
    });
    expect(response.status).toBe(200);
  });

  it('gives roles from the configuration', async () => {
    const response = await call(app, '/books/1', {
      headers: { authorization: basic('apr1', 'secret-apr1') },
    });
    expect(await response.json()).toEqual({ who: 'apr1', roles: ['editor'] });
  });

  it('answers a wrong password with 401, a problem and every challenge', async () => {
    const response = await call(app, '/books', {
      method: 'POST',
      headers: { authorization: basic('apr1', 'wrong') },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
    const [first, second, third, fourth] = challenges(response);
    expect(first).toBe(`Basic realm="${REALM}", charset="UTF-8"`);
    expect(second).toMatch(/^Digest realm="test", qop="auth", algorithm=SHA-256, nonce="[\w-]+"$/);
    expect(third).toMatch(/^Digest realm="test", qop="auth", algorithm=MD5, nonce="[\w-]+"$/);
    expect(fourth).toBe(`Bearer realm="${REALM}"`);
  });

  it('answers bad credentials with 401 even where none are needed', async () => {
    const response = await call(app, '/books', {
      headers: { authorization: basic('sha', 'nope') },
    });
    expect(response.status).toBe(401);
  });

  it.each([
    ['no colon', `Basic ${Buffer.from('apr1').toString('base64')}`],
    ['an empty user', `Basic ${Buffer.from(':secret-apr1').toString('base64')}`],
    ['no base64', 'Basic !!!'],
    ['nothing after the scheme', 'Basic'],
    ['two tokens', 'Basic abc def'],
    ['no scheme at all', '   '],
    ['an unknown scheme', 'Negotiate abc'],
    ['a header that is no credentials', '"quoted"'],
  ])('answers a malformed header (%s) with 401, never 500', async (_, header) => {
    const response = await call(app, '/books', {
      method: 'POST',
      headers: { authorization: header },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('Basic realm=');
  });
});
