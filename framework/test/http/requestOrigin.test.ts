import { ServerRequest } from 'hyperpipe';
import { describe, expect, it } from 'vitest';

const requestFor = (url: string) => new ServerRequest(new Request(url));

describe('ServerRequest.origin', () => {
  it.each([
    ['http://localhost:8080/speaker/1?page=2', 'http://localhost:8080'],
    ['https://api.example.org/', 'https://api.example.org'],
    ['https://api.example.org:443/x', 'https://api.example.org'],
    ['http://[::1]:3000/a#b', 'http://[::1]:3000'],
    ['http://example.org?q=/x', 'http://example.org'],
  ])('of %s is %s, as URL.origin says', (url, origin) => {
    expect(requestFor(url).origin).toBe(origin);
    expect(requestFor(url).origin).toBe(new URL(url).origin);
  });
});

describe('ServerRequest attributes given to the constructor', () => {
  it('are read like attributes set later, and a removal hides them from the copy only', () => {
    const request = new ServerRequest(
      new Request('http://localhost/'),
      '/',
      '',
      new Map([['a', 1]]),
    );
    const without = request.withoutAttribute('a');
    expect(request.getAttribute('a')).toBe(1);
    expect(without.getAttribute('a')).toBeUndefined();
    expect(without.withAttribute('a', 2).getAttribute('a')).toBe(2);
  });
});
