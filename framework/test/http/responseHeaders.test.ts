import { json, ResponsePrototype } from 'hyperpipe';
import { describe, expect, it } from 'vitest';

describe('headers of responses built from the prototype', () => {
  it('keep every Set-Cookie the prototype holds, and its other headers', () => {
    const prototype = new ResponsePrototype();
    prototype.headers.append('set-cookie', 'a=1');
    prototype.headers.append('set-cookie', 'b=2');
    prototype.headers.set('x-trace', 'abc');
    const response = json({ ok: true }, prototype);
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(response.headers.get('x-trace')).toBe('abc');
    expect(response.headers.get('content-type')).toBe('application/json');
  });
});

describe('ResponsePrototype.carryOnto', () => {
  it('does not read the response headers when the prototype holds only a content type', () => {
    const prototype = new ResponsePrototype();
    prototype.headers.set('content-type', 'application/hal+json');
    let read = 0;
    const response = new Response('{}');
    const headers = response.headers;
    Object.defineProperty(response, 'headers', {
      get: () => {
        read++;
        return headers;
      },
    });
    expect(prototype.carryOnto(response)).toBe(response);
    expect(read).toBe(0);
  });

  it('still carries a header the response lacks', () => {
    const prototype = new ResponsePrototype();
    prototype.headers.set('content-type', 'application/hal+json');
    prototype.headers.set('x-trace', 'abc');
    const carried = prototype.carryOnto(new Response('{}'));
    expect(carried.headers.get('x-trace')).toBe('abc');
    // The response's own type stays, as this runtime's Response writes it.
    expect(carried.headers.get('content-type')).toBe(
      new Response('{}').headers.get('content-type'),
    );
  });
});
