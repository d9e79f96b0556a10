import { empty, html, json, ResponsePrototype, redirect, text } from 'hyperpipe';
import { describe, expect, it } from 'vitest';

describe('response helpers', () => {
  it.each([
    ['text', () => text('hi'), 'text/plain; charset=utf-8', 'hi'],
    ['html', () => html('<p>hi</p>'), 'text/html; charset=utf-8', '<p>hi</p>'],
    ['json', () => json({ a: 1 }), 'application/json', '{"a":1}'],
  ])('%s answers 200 with its content type and body', async (_name, make, type, body) => {
    const response = make();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(await response.text()).toBe(body);
  });

  it('json of undefined is the JSON literal null, not an empty body', async () => {
    expect(await json(undefined).text()).toBe('null');
  });

  it('takes status and headers from a ResponseInit', async () => {
    const response = json({ ok: false }, { status: 422, headers: { 'X-Trace': 't1' } });
    expect(response.status).toBe(422);
    expect(response.headers.get('x-trace')).toBe('t1');
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('a content type already in the init wins over the helper default', () => {
    const response = json({}, { headers: { 'Content-Type': 'application/hal+json' } });
    expect(response.headers.get('content-type')).toBe('application/hal+json');
  });

  it('keeps the headers and status outer middleware set on the response prototype', async () => {
    const prototype = new ResponsePrototype();
    prototype.status = 201;
    prototype.headers.set('Access-Control-Allow-Origin', '*');
    const response = json({ id: 1 }, prototype);
    expect(response.status).toBe(201);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ id: 1 });
  });

  it('a content type negotiated on the prototype survives json(data, response)', () => {
    const prototype = new ResponsePrototype();
    prototype.headers.set('content-type', 'application/problem+json');
    expect(json({}, prototype).headers.get('content-type')).toBe('application/problem+json');
  });

  it('deriving a response does not change the prototype', () => {
    const prototype = new ResponsePrototype();
    prototype.headers.set('X-A', '1');
    json({}, prototype);
    expect(prototype.headers.has('content-type')).toBe(false);
  });

  it('empty answers 204 without a body, keeping prototype headers', async () => {
    const prototype = new ResponsePrototype();
    prototype.headers.set('X-A', '1');
    const response = empty(204, prototype);
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
    expect(response.headers.get('x-a')).toBe('1');
    expect(empty().status).toBe(204);
  });

  it('redirect answers 302 with Location unless another status is given', () => {
    const found = redirect('/login');
    expect(found.status).toBe(302);
    expect(found.headers.get('location')).toBe('/login');
    expect(redirect('/new', 301).status).toBe(301);
  });

  it('redirect keeps prototype headers', () => {
    const prototype = new ResponsePrototype();
    prototype.headers.set('X-A', '1');
    expect(redirect('/x', 303, prototype).headers.get('x-a')).toBe('1');
  });
});
