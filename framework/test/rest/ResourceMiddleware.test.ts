import { describe, expect, it } from 'vitest';
import { expectValidHal } from '../hal/support.ts';
import {
  ALL_COLLECTION_METHODS,
  ALL_ENTITY_METHODS,
  BareResource,
  PagedResource,
  RecordingResource,
  resourceApp,
  send,
} from './support.ts';

const RFC_9110 = 'https://www.rfc-editor.org/rfc/rfc9110#status.';
const ALL_METHODS = {
  collectionHttpMethods: ALL_COLLECTION_METHODS,
  entityHttpMethods: ALL_ENTITY_METHODS,
};
const BODY = { name: 'Chiara' };

describe('a request reaches the resource method for its HTTP method and URL', () => {
  it.each([
    ['GET', '/api/user/1', undefined, ['fetch', '1']],
    ['PUT', '/api/user/1', BODY, ['update', '1', BODY]],
    ['PATCH', '/api/user/1', BODY, ['patch', '1', BODY]],
    ['DELETE', '/api/user/1', undefined, ['delete', '1']],
    ['GET', '/api/user?sort=name', undefined, ['fetchAll', { sort: 'name' }]],
    ['POST', '/api/user', BODY, ['create', BODY]],
    ['DELETE', '/api/user', [1, 2], ['deleteList', [1, 2]]],
    ['PATCH', '/api/user', [BODY], ['patchList', [BODY]]],
    ['PUT', '/api/user', [BODY], ['replaceList', [BODY]]],
  ])('%s %s', async (method, path, body, call) => {
    const resource = new RecordingResource();
    const response = await send(resourceApp(resource, ALL_METHODS), method, path, body);
    expect(response.status).toBeLessThan(300);
    expect(resource.calls).toEqual([call]);
  });

  it('hands over an empty object when there is no body', async () => {
    const resource = new RecordingResource();
    await send(resourceApp(resource), 'POST', '/api/user');
    expect(resource.calls).toEqual([['create', {}]]);
  });

  it('hands over the identifier decoded', async () => {
    const resource = new RecordingResource();
    await send(resourceApp(resource), 'GET', '/api/user/a%20b');
    expect(resource.calls).toEqual([['fetch', 'a b']]);
  });
});

describe('methods a resource has not defined answer 405', () => {
  it.each([
    ['GET', '/api/user/1', 'entities'],
    ['PUT', '/api/user/1', 'entities'],
    ['PATCH', '/api/user/1', 'entities'],
    ['DELETE', '/api/user/1', 'entities'],
    ['GET', '/api/user', 'collections'],
    ['POST', '/api/user', 'collections'],
    ['PUT', '/api/user', 'collections'],
    ['PATCH', '/api/user', 'collections'],
    ['DELETE', '/api/user', 'collections'],
  ])('%s %s: not defined for %s', async (method, path, kind) => {
    const response = await send(resourceApp(new BareResource(), ALL_METHODS), method, path);
    expect(response.status).toBe(405);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toEqual({
      type: `${RFC_9110}405`,
      title: 'Method Not Allowed',
      status: 405,
      detail: `The ${method} method has not been defined for ${kind}`,
    });
  });
});

describe('methods outside the allowed lists answer a 405 problem with Allow', () => {
  it.each([
    ['PUT', '/api/user', 'GET,HEAD,POST,OPTIONS'],
    ['PATCH', '/api/user', 'GET,HEAD,POST,OPTIONS'],
    ['DELETE', '/api/user', 'GET,HEAD,POST,OPTIONS'],
    ['POST', '/api/user/1', 'GET,HEAD,PATCH,PUT,DELETE,OPTIONS'],
  ])('%s %s → Allow: %s', async (method, path, allow) => {
    // The detail says the method is not defined there, as SPEC 7.1 words it.
    const resource = new RecordingResource();
    const response = await send(resourceApp(resource), method, path);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const kind = path === '/api/user' ? 'collections' : 'entities';
    expect(await response.json()).toMatchObject({
      status: 405,
      title: 'Method Not Allowed',
      detail: `The ${method} method has not been defined for ${kind}`,
    });
    expect(resource.calls).toEqual([]);
  });

  it("leaves methods no resource serves to the router, whose Allow is the resource's own", async () => {
    const app = resourceApp(new RecordingResource());
    for (const [path, method] of [
      ['/api/user', 'PUT'],
      ['/api/user/1', 'POST'],
    ] as const) {
      const refused = await send(app, method, path);
      expect(refused.status).toBe(405);
      const unknown = await send(app, 'PROPFIND', path);
      expect(unknown.status).toBe(405);
      expect(unknown.headers.get('allow')).toBe(refused.headers.get('allow'));
    }
  });

  it.each([
    ['/api/user', 'GET,HEAD,POST,OPTIONS'],
    ['/api/user/1', 'GET,HEAD,PATCH,PUT,DELETE,OPTIONS'],
  ])('OPTIONS %s answers 204 with Allow: %s, calling no resource method', async (path, allow) => {
    const resource = new RecordingResource();
    const response = await send(resourceApp(resource), 'OPTIONS', path);
    expect(response.status).toBe(204);
    expect(response.headers.get('allow')).toBe(allow);
    expect(response.headers.get('content-type')).toBeNull();
    expect(resource.calls).toEqual([]);
  });
});

describe('results become statuses', () => {
  it.each([
    ['GET', undefined],
    ['PUT', BODY],
    ['PATCH', BODY],
    ['DELETE', undefined],
  ])('%s of a missing entity is a 404 Entity not found.', async (method, body) => {
    const response = await send(resourceApp(new RecordingResource()), method, '/api/user/9', body);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toEqual({
      type: `${RFC_9110}404`,
      title: 'Not Found',
      status: 404,
      detail: 'Entity not found.',
    });
  });

  it('GET of an entity is a 200 HAL resource', async () => {
    const response = await send(resourceApp(new RecordingResource()), 'GET', '/api/user/1');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/hal+json');
    const document = await response.json();
    expectValidHal(document);
    expect(document).toEqual({
      _links: { self: { href: 'http://localhost/api/user/1' } },
      id: 1,
      name: 'Ada',
    });
  });

  it('DELETE of an entity that was there is a 204 without body or content type', async () => {
    const resource = new RecordingResource();
    const response = await send(resourceApp(resource), 'DELETE', '/api/user/1');
    expect(response.status).toBe(204);
    expect(response.headers.get('content-type')).toBeNull();
    expect(await response.text()).toBe('');
    expect(resource.store.has('1')).toBe(false);
  });

  it('DELETE of a collection is a 204 without body or content type', async () => {
    const app = resourceApp(new RecordingResource(), ALL_METHODS);
    const response = await send(app, 'DELETE', '/api/user', [1]);
    expect(response.status).toBe(204);
    expect(response.headers.get('content-type')).toBeNull();
    expect(await response.text()).toBe('');
  });

  it('POST is a 201 whose Location and Content-Location are the created entity’s self link', async () => {
    const response = await send(resourceApp(new RecordingResource()), 'POST', '/api/user', BODY);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/hal+json');
    const document = await response.json();
    expectValidHal(document);
    expect(document).toEqual({
      _links: { self: { href: 'http://localhost/api/user/3' } },
      id: 3,
      name: 'Chiara',
    });
    expect(response.headers.get('location')).toBe(document._links.self.href);
    // The body is a representation of the created entity (RFC 9110 §8.7), as zf-rest says.
    expect(response.headers.get('content-location')).toBe(document._links.self.href);
  });

  it.each(['PUT', 'PATCH'])('%s is a 200 with the changed entity as HAL', async (method) => {
    const response = await send(resourceApp(new RecordingResource()), method, '/api/user/2', BODY);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/hal+json');
    const document = await response.json();
    expectValidHal(document);
    expect(document).toEqual({
      _links: { self: { href: 'http://localhost/api/user/2' } },
      id: 2,
      name: 'Chiara',
    });
  });

  it.each(['PUT', 'PATCH'])('%s of a collection is a 200 HAL collection', async (method) => {
    const app = resourceApp(new RecordingResource(), ALL_METHODS);
    const response = await send(app, method, '/api/user', [BODY]);
    expect(response.status).toBe(200);
    const document = await response.json();
    expectValidHal(document);
    expect(document).toMatchObject({ total: 2, _embedded: { user: [{ id: 1 }, { id: 2 }] } });
  });

  it('HEAD of an entity has the GET headers and no body', async () => {
    const resource = new RecordingResource();
    const response = await send(resourceApp(resource), 'HEAD', '/api/user/1');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/hal+json');
    expect(await response.text()).toBe('');
    expect(resource.calls).toEqual([['fetch', '1']]);
  });

  it('HEAD of a missing entity is a 404', async () => {
    const response = await send(resourceApp(new RecordingResource()), 'HEAD', '/api/user/9');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('');
  });
});

describe('a collection from a page loader', () => {
  it('is asked for the requested page only', async () => {
    const resource = new PagedResource(5);
    const response = await send(resourceApp(resource, { pageSize: 2 }), 'GET', '/api/user?page=3');
    expect(resource.loads).toEqual([[4, 2]]);
    const document = await response.json();
    expectValidHal(document);
    expect(document).toMatchObject({
      count: 1,
      total: 5,
      page: 3,
      page_count: 3,
      _embedded: { user: [{ id: 5 }] },
    });
  });

  it('is asked for the first page without a page parameter', async () => {
    const resource = new PagedResource(50);
    await send(resourceApp(resource), 'GET', '/api/user');
    expect(resource.loads).toEqual([[0, 25]]);
  });

  it('answers a page past its total with 409', async () => {
    const resource = new PagedResource(5);
    const response = await send(resourceApp(resource, { pageSize: 2 }), 'GET', '/api/user?page=4');
    expect(response.status).toBe(409);
  });
});
