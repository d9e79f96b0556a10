import fc from 'fast-check';
import { createApplication, type ServerRequest, text } from 'hyperpipe';
import { describe, expect, it } from 'vitest';

import { run, TestPipe } from './support.ts';

interface Seen {
  inner?: { path: string; basePath: string };
  later?: { path: string; basePath: string; marked: unknown };
}

/** A pipe with `/api`-style middleware under `prefix` that passes on, and a later layer. */
function prefixedPipe(prefix: string, seen: Seen): TestPipe {
  return new TestPipe()
    .pipe(
      (request, _response, next) => {
        seen.inner = { path: request.path, basePath: request.basePath };
        return next(request.withAttribute('marked', true));
      },
      { path: prefix },
    )
    .pipe((request: ServerRequest) => {
      seen.later = {
        path: request.path,
        basePath: request.basePath,
        marked: request.getAttribute('marked'),
      };
      return text('later');
    });
}

describe('pipe path prefixes (DESIGN 4)', () => {
  it.each([
    ['/api', '/'],
    ['/api/', '/'],
    ['/api/x', '/x'],
    ['/api/x/y?q=1', '/x/y'],
    ['/api.json', '/.json'],
    ['/API/x', '/x'],
  ])('/api matches %s and the inner middleware sees %s', async (path, inner) => {
    const seen: Seen = {};
    await run(prefixedPipe('/api', seen), path);
    expect(seen.inner?.path).toBe(inner);
  });

  it.each(['/apiary', '/ap', '/', '/other/api', '/v1/api'])(
    '/api does not match %s',
    async (path) => {
      const seen: Seen = {};
      await run(prefixedPipe('/api', seen), path);
      expect(seen.inner).toBeUndefined();
      expect(seen.later?.path).toBe(path);
    },
  );

  it('the inner middleware sees the removed prefix, as sent, in basePath', async () => {
    const seen: Seen = {};
    await run(prefixedPipe('/api', seen), '/API/x');
    expect(seen.inner?.basePath).toBe('/API');
  });

  it('later layers see the original path again, with attributes the inner layer added', async () => {
    const seen: Seen = {};
    await run(prefixedPipe('/api', seen), '/api/x');
    expect(seen.later).toEqual({ path: '/api/x', basePath: '', marked: true });
  });

  it('a trailing slash on the prefix is ignored', async () => {
    const seen: Seen = {};
    await run(prefixedPipe('/api/', seen), '/api/x');
    expect(seen.inner?.path).toBe('/x');
  });

  it.each([undefined, '', '/'])(
    'prefix %j matches every path and strips nothing',
    async (prefix) => {
      const seen: Seen = {};
      await run(prefixedPipe(prefix as string, seen), '/anything/here');
      expect(seen.inner).toEqual({ path: '/anything/here', basePath: '' });
    },
  );

  it('nested prefixes strip one after the other and add up in basePath', async () => {
    const seen: Seen = {};
    const inner = new TestPipe().pipe(
      (request: ServerRequest) => {
        seen.inner = { path: request.path, basePath: request.basePath };
        return text('deep');
      },
      { path: '/b' },
    );
    const outer = new TestPipe().pipe(inner, { path: '/a' });
    const { body } = await run(outer, '/a/b/c');
    expect(body).toBe('deep');
    expect(seen.inner).toEqual({ path: '/c', basePath: '/a/b' });
  });

  it.each(['/user/{id}', 'user/{id}'])(
    'refuses the non-literal prefix %j at registration',
    (prefix) => {
      expect(() => new TestPipe().pipe(() => text(''), { path: prefix })).toThrow(
        /must be a literal path/,
      );
    },
  );

  it.each(['api', 'api/', '//api'])(
    'reads the prefix %j as /api, from the root',
    async (prefix) => {
      const app = createApplication();
      app.pipe(prefix, (request: ServerRequest) => text(`${request.basePath} ${request.path}`));
      const under = await app.handle(new Request('http://localhost/api/x'));
      expect(await under.text()).toBe('/api /x');
      expect((await app.handle(new Request('http://localhost/apiary'))).status).toBe(404);
    },
  );

  it('matches, strips and restores like a simple reference model', async () => {
    const segment = fc.string({
      unit: fc.constantFrom('a', 'B', '-', '.'),
      minLength: 1,
      maxLength: 3,
    });
    const prefix = fc
      .array(segment, { minLength: 1, maxLength: 2 })
      .map((parts) => `/${parts.join('/')}`);
    const tail = fc.string({ unit: fc.constantFrom('a', 'b', '/', '.'), maxLength: 4 });
    const flipCase = (text: string, flips: boolean[]) =>
      [...text].map((c, i) => (flips[i] ? c.toUpperCase() : c.toLowerCase())).join('');
    const scenario = fc.record({
      prefix,
      // Paths that start like the prefix (in any case) are where the boundary rule matters.
      start: fc.oneof(prefix, fc.constant('')),
      flips: fc.array(fc.boolean(), { maxLength: 8 }),
      tail,
    });

    await fc.assert(
      fc.asyncProperty(scenario, async ({ prefix, start, flips, tail }) => {
        const base = start === '' ? prefix : start;
        // The URL parser resolves dot segments such as `/./`, so model the path it yields.
        const path = new URL(`${flipCase(base, flips)}${tail}`, 'http://localhost').pathname;
        // Reference: the prefix, ignoring case, followed by the end, "/" or ".".
        const escaped = prefix.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
        const match = new RegExp(`^(${escaped})(?=$|[/.])(.*)$`, 'i').exec(path);
        const seen: Seen = {};
        await run(prefixedPipe(prefix, seen), path);
        if (match === null) {
          expect(seen.inner).toBeUndefined();
        } else {
          const rest = match[2] as string;
          expect(seen.inner).toEqual({
            path: rest.startsWith('/') ? rest : `/${rest}`,
            basePath: match[1],
          });
        }
        expect(seen.later?.path).toBe(path);
      }),
    );
  });
});
