import { json, ResponsePrototype } from 'hyperpipe';
import { describe, expect, it } from 'vitest';

describe('ResponsePrototype', () => {
  it('starts as 200 with no body and creates headers only when asked', () => {
    const prototype = new ResponsePrototype();
    expect(prototype.status).toBe(200);
    expect(prototype.body).toBe('');
    expect(prototype.hasHeaders).toBe(false);
    prototype.headers.set('X-A', '1');
    expect(prototype.hasHeaders).toBe(true);
  });

  it('contentType and the content-type header are one value, before and after headers exist', () => {
    const prototype = new ResponsePrototype();
    prototype.contentType = 'application/hal+json';
    expect(prototype.hasHeaders).toBe(false);
    expect(prototype.headers.get('content-type')).toBe('application/hal+json');
    prototype.headers.set('content-type', 'text/plain');
    expect(prototype.contentType).toBe('text/plain');
    prototype.contentType = undefined;
    expect(prototype.headers.has('content-type')).toBe(false);
  });

  it('a content type set without headers reaches toResponse and json(data, response)', async () => {
    const prototype = new ResponsePrototype();
    prototype.contentType = 'application/vnd.example+json';
    expect(prototype.toResponse().headers.get('content-type')).toBe('application/vnd.example+json');
    const answer = json({ a: 1 }, prototype);
    expect(answer.headers.get('content-type')).toBe('application/vnd.example+json');
    expect(await answer.json()).toEqual({ a: 1 });
    prototype.contentType = undefined;
    expect(json({}, prototype).headers.get('content-type')).toBe('application/json');
  });

  it('write appends and chains', () => {
    const prototype = new ResponsePrototype();
    expect(prototype.write('Hello, ').write('world')).toBe(prototype);
    expect(prototype.body).toBe('Hello, world');
  });

  it('toResponse carries status, headers and the written body', async () => {
    const prototype = new ResponsePrototype();
    prototype.status = 202;
    prototype.headers.set('Content-Type', 'text/plain');
    prototype.write('queued');
    const response = prototype.toResponse();
    expect(response.status).toBe(202);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(await response.text()).toBe('queued');
  });

  it.each([204, 304])('toResponse of a %i has no body even after writes', (status) => {
    const prototype = new ResponsePrototype();
    prototype.status = status;
    prototype.write('ignored');
    expect(prototype.toResponse().body).toBeNull();
  });

  it('each toResponse is a fresh response', async () => {
    const prototype = new ResponsePrototype().write('a');
    const first = prototype.toResponse();
    prototype.write('b');
    expect(await first.text()).toBe('a');
    expect(await prototype.toResponse().text()).toBe('ab');
  });
});
