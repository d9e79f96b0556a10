import { attribute, ServerRequest } from 'hyperpipe';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { pathOf } from '../../src/http/ServerRequest.ts';

interface User {
  readonly name: string;
}

const USER = attribute<User>('user');

function requestFor(url: string, init?: RequestInit): ServerRequest {
  return new ServerRequest(new Request(url, init));
}

describe('ServerRequest attributes', () => {
  it('withAttribute returns a copy and leaves the original without the attribute', () => {
    const original = requestFor('http://localhost/');
    const copy = original.withAttribute('role', 'admin');
    expect(copy).not.toBe(original);
    expect(copy.getAttribute('role')).toBe('admin');
    expect(original.getAttribute('role')).toBeUndefined();
  });

  it('a copy changed later does not change the request it was made from', () => {
    const first = requestFor('http://localhost/').withAttribute('step', 1);
    const second = first.withAttribute('step', 2);
    expect(first.getAttribute('step')).toBe(1);
    expect(second.getAttribute('step')).toBe(2);
  });

  it('a typed key reads the value stored under its name, typed', () => {
    const request = requestFor('http://localhost/').withAttribute(USER, { name: 'Ada' });
    const user = request.getAttribute(USER);
    expectTypeOf(user).toEqualTypeOf<User | undefined>();
    expect(user).toEqual({ name: 'Ada' });
    // The key is its name: plain strings and typed keys address the same attribute.
    expect(request.getAttribute('user')).toBe(user);
  });

  it('a typed key refuses a value of another type (checked by tsc)', () => {
    const request = requestFor('http://localhost/');
    // @ts-expect-error: USER holds a User, not a number
    request.withAttribute(USER, 42);
    expect(request.getAttribute(USER)).toBeUndefined();
  });

  it('withAttributes sets several attributes in one copy and keeps the earlier ones', () => {
    const original = requestFor('http://localhost/').withAttribute('a', 1);
    const copy = original.withAttributes({ b: 2, c: 3 });
    expect([copy.getAttribute('a'), copy.getAttribute('b'), copy.getAttribute('c')]).toEqual([
      1, 2, 3,
    ]);
    expect(original.getAttribute('b')).toBeUndefined();
  });

  it('withAttributes overrides an attribute of the same name', () => {
    const request = requestFor('http://localhost/').withAttribute('a', 1).withAttributes({ a: 2 });
    expect(request.getAttribute('a')).toBe(2);
  });

  it('withoutAttribute removes the attribute from the copy only', () => {
    const original = requestFor('http://localhost/').withAttribute(USER, { name: 'Ada' });
    const copy = original.withoutAttribute(USER);
    expect(copy.getAttribute(USER)).toBeUndefined();
    expect(original.getAttribute(USER)).toEqual({ name: 'Ada' });
  });

  it('param reads string attributes (route parameters) and ignores other values', () => {
    const request = requestFor('http://localhost/').withAttributes({ id: '42', count: 3 });
    expect(request.param('id')).toBe('42');
    expect(request.param('count')).toBeUndefined();
    expect(request.param('missing')).toBeUndefined();
  });

  it('withAttribute keeps the path and base path; withPath keeps the attributes', () => {
    const request = requestFor('http://localhost/api/x')
      .withPath('/x', '/api')
      .withAttribute('a', 1);
    expect([request.path, request.basePath]).toEqual(['/x', '/api']);
    const moved = request.withPath('/y');
    expect([moved.path, moved.basePath, moved.getAttribute('a')]).toEqual(['/y', '/api', 1]);
  });
});

describe('ServerRequest view of the WHATWG request', () => {
  it('starts with the URL path (still percent-encoded, no query) and an empty base path', () => {
    const request = requestFor('http://localhost/a%20b/c?x=1#top');
    expect(request.path).toBe('/a%20b/c');
    expect(request.basePath).toBe('');
  });

  it('exposes method, headers, url and query parameters', () => {
    const request = requestFor('http://localhost/search?q=pipes&tag=a&tag=b', {
      method: 'POST',
      headers: { 'X-Trace': 'abc' },
    });
    expect(request.method).toBe('POST');
    expect(request.headers.get('x-trace')).toBe('abc');
    expect(request.url.pathname).toBe('/search');
    expect(request.query.get('q')).toBe('pipes');
    expect(request.query.getAll('tag')).toEqual(['a', 'b']);
  });

  it('parses the query once for a request and its copies, and not at all without "?"', () => {
    const request = requestFor('http://localhost/search?q=pipes');
    const query = request.query;
    expect(request.withAttribute('a', 1).query).toBe(query);
    expect(request.withPath('/b').url).toBe(request.url);
    const plain = requestFor('http://localhost/search');
    expect([...plain.query]).toEqual([]);
    expect(plain.withAttribute('a', 1).query).toBe(plain.query);
  });

  it('copies share the WHATWG request instead of rebuilding it', () => {
    const request = requestFor('http://localhost/');
    expect(request.withAttribute('a', 1).withPath('/b').request).toBe(request.request);
  });
});

describe('pathOf', () => {
  it.each([
    ['http://localhost/a/b', '/a/b'],
    ['http://localhost/a/b?x=1', '/a/b'],
    ['http://localhost/a/b#frag', '/a/b'],
    ['http://localhost', '/'],
    ['http://localhost?x=1', '/'],
    ['http://localhost/', '/'],
    ['https://user:pw@example.com:8443/p/q', '/p/q'],
    ['http://localhost/caf%C3%A9', '/caf%C3%A9'],
    ['http://[::1]:8080/v6', '/v6'],
  ])('pathOf(%j) is %j', (url, path) => {
    expect(pathOf(url)).toBe(path);
  });
});

describe('pathOf with a slash in the query of a path-less URL', () => {
  it('still answers "/"', () => {
    expect(pathOf('http://example.test?next=/a/b')).toBe('/');
    expect(pathOf('http://example.test#/a')).toBe('/');
  });
});
