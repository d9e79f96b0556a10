import { json, ResponsePrototype } from 'hyperpipe';
import { describe, expect, it } from 'vitest';
import { entityTag } from '../../src/http/entityTag.ts';
import { bytes } from '../../src/http/responses.ts';
import { varyOn } from '../../src/http/vary.ts';

/** A response whose `headers` counts its reads. */
function counted(response: Response): { response: Response; reads: () => number } {
  let reads = 0;
  const headers = response.headers;
  Object.defineProperty(response, 'headers', {
    get: () => {
      reads++;
      return headers;
    },
  });
  return { response, reads: () => reads };
}

describe('ResponsePrototype.setHeader', () => {
  it('keeps a header without a Headers object, then moves it into headers', () => {
    const prototype = new ResponsePrototype();
    prototype.setHeader('ETag', '"abc"');
    expect(prototype.hasHeaders).toBe(true);
    expect(prototype.getHeader('etag')).toBe('"abc"');
    expect(prototype.headers.get('etag')).toBe('"abc"');
    prototype.setHeader('etag', '"def"');
    expect(prototype.headers.get('etag')).toBe('"def"');
  });

  it('sets the content type through contentType', () => {
    const prototype = new ResponsePrototype();
    prototype.setHeader('Content-Type', 'application/hal+json');
    expect(prototype.contentType).toBe('application/hal+json');
    expect(prototype.getHeader('content-type')).toBe('application/hal+json');
  });

  it('reaches responses built from the prototype, with the content type', () => {
    const prototype = new ResponsePrototype();
    prototype.contentType = 'application/hal+json';
    prototype.setHeader('vary', 'Accept');
    const response = json({ a: 1 }, prototype);
    expect(response.headers.get('vary')).toBe('Accept');
    expect(response.headers.get('content-type')).toBe('application/hal+json');
  });
});

describe('ResponsePrototype.carryOnto with headers set by name', () => {
  it('does not read the headers of a response built from the prototype', () => {
    const prototype = new ResponsePrototype();
    prototype.setHeader('vary', 'Accept');
    const { response, reads } = counted(json({}, prototype));
    expect(prototype.carryOnto(response)).toBe(response);
    expect(prototype.carryOnto(response)).toBe(response);
    expect(reads()).toBe(0);
  });

  it('carries a header set after the response was built', () => {
    const prototype = new ResponsePrototype();
    prototype.setHeader('vary', 'Accept');
    const response = json({}, prototype);
    prototype.setHeader('x-late', '1');
    expect(prototype.carryOnto(response).headers.get('x-late')).toBe('1');
  });

  it('carries a header added through headers after the response was built', () => {
    const prototype = new ResponsePrototype();
    const response = json({}, prototype);
    prototype.headers.set('x-late', '1');
    expect(prototype.carryOnto(response).headers.get('x-late')).toBe('1');
  });

  it('carries them onto a response built without the prototype, once', () => {
    const prototype = new ResponsePrototype();
    prototype.contentType = 'application/hal+json';
    prototype.setHeader('vary', 'Accept');
    const { response, reads } = counted(new Response('{}'));
    const carried = prototype.carryOnto(response);
    expect(carried.headers.get('vary')).toBe('Accept');
    // The response's own type stays, as this runtime's Response writes it.
    expect(carried.headers.get('content-type')).toBe(
      new Response('{}').headers.get('content-type'),
    );
    const afterFirst = reads();
    expect(prototype.carryOnto(carried)).toBe(carried);
    expect(reads()).toBe(afterFirst);
  });
});

describe('varyOn a response prototype', () => {
  it('adds a header name once, without building Headers', () => {
    const prototype = new ResponsePrototype();
    varyOn(prototype, 'Accept');
    varyOn(prototype, 'accept');
    varyOn(prototype, 'Authorization');
    expect(prototype.getHeader('vary')).toBe('Accept, Authorization');
  });
});

describe('bytes', () => {
  it('sends the bytes as they are, with the negotiated or the given content type', async () => {
    const body = Buffer.from('{"name":"Jérôme"}');
    const prototype = new ResponsePrototype();
    const response = bytes(body, prototype, 'application/hal+json');
    expect(response.headers.get('content-type')).toBe('application/hal+json');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(body);
    prototype.contentType = 'application/vnd.conference.v2+json';
    expect(bytes(body, prototype).headers.get('content-type')).toBe(
      'application/vnd.conference.v2+json',
    );
    expect(bytes(body).headers.get('content-type')).toBe('application/octet-stream');
  });

  it('an ETag of the bytes is the ETag of the text they encode', () => {
    const text = '{"title":"SQLite is enough (until it isn’t)"}';
    expect(entityTag(Buffer.from(text))).toBe(entityTag(text));
  });
});
