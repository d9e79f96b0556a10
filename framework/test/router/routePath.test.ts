import { describe, expect, it } from 'vitest';
import { fillRoutePath, parseRoutePath } from '../../src/router/routePath.ts';

describe('parseRoutePath', () => {
  it.each([
    ['/', [{ literal: '/' }]],
    ['/users', [{ literal: '/users' }]],
    ['/user/{id}', [{ literal: '/user/' }, { param: 'id' }]],
    [
      '/user/{user_id}/post/{post2}.json',
      [
        { literal: '/user/' },
        { param: 'user_id' },
        { literal: '/post/' },
        { param: 'post2' },
        { literal: '.json' },
      ],
    ],
    ['/at:{time}/x:y', [{ literal: '/at:' }, { param: 'time' }, { literal: '/x:y' }]],
    ['/:/:1', [{ literal: '/:/:1' }]],
    ['/{_a}-{B}', [{ literal: '/' }, { param: '_a' }, { literal: '-' }, { param: 'B' }]],
  ])('splits %s into literal text and placeholders', (path, parts) => {
    expect(parseRoutePath(path)).toEqual(parts);
  });

  it.each([
    ['no leading slash', 'users/{id}', 'Route path "users/{id}" must start with "/"'],
    ['an empty path', '', 'Route path "" must start with "/"'],
    ['an unclosed brace', '/user/{id', 'Route path "/user/{id" has an unbalanced "{"'],
    ['a stray closing brace', '/user/id}', 'Route path "/user/id}" has an unbalanced "}"'],
    ['nested braces', '/user/{{id}}', 'has an unbalanced "{"'],
    ['an empty placeholder', '/user/{}', 'has an invalid placeholder {}'],
    ['a placeholder starting with a digit', '/user/{1d}', 'has an invalid placeholder {1d}'],
    ['a placeholder with a dash', '/user/{user-id}', 'has an invalid placeholder {user-id}'],
    ['a placeholder with a regex', '/user/{id:\\d+}', 'has an invalid placeholder {id:\\d+}'],
    ['a placeholder used twice', '/a/{id}/b/{id}', 'Route path "/a/{id}/b/{id}" uses {id} twice'],
    [
      "a parameter written Express's way",
      '/user/:id/talks',
      'Route path "/user/:id/talks" has ":id", a parameter as Express writes it; here write {id}',
    ],
    ['a last segment written :name', '/user/:user_id', 'here write {user_id}'],
    ['adjacent placeholders', '/a/{x}{y}', 'Route path "/a/{x}{y}" needs text between {x} and {y}'],
  ])('rejects %s', (_case, path, message) => {
    expect(() => parseRoutePath(path)).toThrow(message);
  });
});

describe('fillRoutePath', () => {
  const parts = parseRoutePath('/user/{id}/{file}.json');

  it('fills placeholders with percent-encoded values and keeps literal text', () => {
    expect(fillRoutePath('r', parts, { id: 42, file: 'a b/ü?#%' })).toBe(
      '/user/42/a%20b%2F%C3%BC%3F%23%25.json',
    );
  });

  it('ignores params the path does not use', () => {
    expect(fillRoutePath('r', parts, { id: 1, file: 'f', extra: 'x' })).toBe('/user/1/f.json');
  });

  it('names the route and the parameter when one is missing', () => {
    expect(() => fillRoutePath('r', parts, { id: 1 })).toThrow(
      'Missing parameter "file" to generate a URI for route "r"',
    );
  });

  it.each([[''], ['.'], ['..']])('refuses the value %j, which cannot round-trip', (value) => {
    expect(() => fillRoutePath('r', parts, { id: value, file: 'f' })).toThrow(
      `Parameter "id" of route "r" cannot be "${value}"`,
    );
  });

  it('accepts values that only contain dots, other than "." and ".."', () => {
    expect(fillRoutePath('r', parts, { id: '...', file: '.x' })).toBe('/user/.../.x.json');
  });

  it('checks values against the whole token', () => {
    const tokens = { id: '\\d+' };
    expect(fillRoutePath('r', parts, { id: 7, file: 'f' }, tokens)).toBe('/user/7/f.json');
    expect(() => fillRoutePath('r', parts, { id: '7x', file: 'f' }, tokens)).toThrow(
      'Parameter "id" of route "r" must match /\\d+/',
    );
    expect(() => fillRoutePath('r', parts, { id: 'x7', file: 'f' }, tokens)).toThrow(/must match/);
  });
});
