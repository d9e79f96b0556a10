import { Application, createApplication, createContainer } from 'hyperpipe';
import { MetadataMap } from 'hyperpipe/hal';
import { ProblemMiddleware } from 'hyperpipe/problem';
import {
  type Entity,
  Resource,
  registerConfiguredResources,
  registerResource,
} from 'hyperpipe/rest';
import { describe, expect, it, vi } from 'vitest';
import { expectValidHal } from '../hal/support.ts';
import { PagedResource, RecordingResource, resourceApp, send } from './support.ts';

describe('registerResource routes', () => {
  it('adds the collection route and an entity route named after the last segment', () => {
    const app = createApplication();
    const routes = registerResource(app, '/api/user', new RecordingResource(), { entity: 'User' });
    expect(routes.collection.path).toBe('/api/user');
    expect(routes.entity.path).toBe('/api/user/{user_id}');
  });

  it('names the routes after the path: api.user and api.user.entity', () => {
    const app = resourceApp(new RecordingResource());
    expect(app.generateUri('api.user')).toBe('/api/user');
    expect(app.generateUri('api.user.entity', { user_id: 4 })).toBe('/api/user/4');
  });

  it('names the routes routeName and routeName.entity when given', () => {
    const app = resourceApp(new RecordingResource(), { routeName: 'people' });
    expect(app.generateUri('people')).toBe('/api/user');
    expect(app.generateUri('people.entity', { user_id: 4 })).toBe('/api/user/4');
    expect(() => app.generateUri('api.user')).toThrow('Cannot generate URI for route "api.user"');
  });

  it('takes another identifier name', async () => {
    const app = createApplication();
    const routes = registerResource(app, '/api/user', new RecordingResource(), {
      entity: 'User',
      identifierName: 'uid',
    });
    expect(routes.entity.path).toBe('/api/user/{uid}');
    const document = await (await send(app, 'GET', '/api/user/1')).json();
    expect(document._links.self.href).toBe('http://localhost/api/user/1');
  });

  it('answers 404 for identifiers that do not match identifierPattern', async () => {
    const resource = new RecordingResource();
    const app = resourceApp(resource, { identifierPattern: '[1-9]\\d*' });
    expect((await send(app, 'GET', '/api/user/abc')).status).toBe(404);
    expect((await send(app, 'GET', '/api/user/0')).status).toBe(404);
    expect(resource.calls).toEqual([]);
    expect((await send(app, 'GET', '/api/user/1')).status).toBe(200);
  });

  it('takes the self link identifier from entityIdentifier', async () => {
    class ByName extends Resource {
      override fetch(id: string): Entity {
        return { id: 99, name: id };
      }
    }
    const app = resourceApp(new ByName(), { entityIdentifier: 'name' });
    const document = await (await send(app, 'GET', '/api/user/ada')).json();
    expect(document._links.self.href).toBe('http://localhost/api/user/ada');
  });

  it('records the entity kind in the given metadata map', () => {
    const metadata = new MetadataMap();
    registerResource(createApplication(), '/api/user', new RecordingResource(), {
      entity: 'User',
      metadata,
    });
    expect(metadata.get('User')).toMatchObject({
      route: 'api.user.entity',
      identifier: 'id',
      routeIdentifier: 'user_id',
    });
  });

  it('refuses a second resource of the same entity kind, naming both registrations', () => {
    const app = createApplication();
    registerResource(app, '/v1/user', new RecordingResource(), { entity: 'User' });
    expect(() =>
      registerResource(app, '/v2/user', new RecordingResource(), { entity: 'User' }),
    ).toThrow(
      'HAL metadata for entity kind "User" is registered twice: by ' +
        "registerResource(app, '/v1/user', …), then by registerResource(app, '/v2/user', …). " +
        'A kind has one route for its self links: give the second its own kind (such as "UserV2"), ' +
        'or remove one of the two.',
    );
  });

  it('names the "rest" configuration entries of a kind registered twice', () => {
    const container = createContainer({
      dependencies: { invokables: { Users: RecordingResource } },
      rest: {
        'Api.V1.User': { path: '/v1/user', resource: 'Users', entity: 'User' },
        'Api.V2.User': { path: '/v2/user', resource: 'Users', entity: 'User' },
      },
    });
    expect(() => registerConfiguredResources(container.get(Application), container)).toThrow(
      'HAL metadata for entity kind "User" is registered twice: by the "rest" configuration\'s ' +
        'entry "Api.V1.User", then by the "rest" configuration\'s entry "Api.V2.User".',
    );
  });

  it('names the kinds there are, and who registered them, for an unknown kind', () => {
    const metadata = new MetadataMap();
    registerResource(createApplication(), '/api/user', new RecordingResource(), {
      entity: 'User',
      metadata,
    });
    expect(() => metadata.get('Users')).toThrow(
      'No HAL metadata for entity kind "Users": the kinds registered are "User" (by ' +
        "registerResource(app, '/api/user', …)). Kinds are case-sensitive.",
    );
  });

  it('shares the application’s metadata map, so resources embed one another', async () => {
    class Owner extends Resource {
      override fetch(id: string): Entity {
        return { id, pets: [{ id: 7, name: 'Rex' }] };
      }
    }
    class Pet extends Resource {}
    const app = createApplication();
    registerResource(app, '/api/owner', new Owner(), {
      entity: 'Owner',
      embedded: { pets: 'Pet' },
    });
    registerResource(app, '/api/pet', new Pet(), { entity: 'Pet' });
    const document = await (await send(app, 'GET', '/api/owner/1')).json();
    expectValidHal(document);
    expect(document._embedded.pets[0]._links.self.href).toBe('http://localhost/api/pet/7');
  });
});

describe('registerResource collections', () => {
  it('embeds the items under the last path segment by default', async () => {
    const document = await (
      await send(resourceApp(new RecordingResource()), 'GET', '/api/user')
    ).json();
    expectValidHal(document);
    expect(Object.keys(document._embedded)).toEqual(['user']);
  });

  it('embeds the items under collectionName', async () => {
    const app = resourceApp(new RecordingResource(), { collectionName: 'people' });
    const document = await (await send(app, 'GET', '/api/user')).json();
    expect(Object.keys(document._embedded)).toEqual(['people']);
    expect(document._embedded.people).toHaveLength(2);
  });

  it('pages 25 items by default', async () => {
    const document = await (
      await send(resourceApp(new PagedResource(30)), 'GET', '/api/user')
    ).json();
    expect(document).toMatchObject({ count: 25, page_size: 25, page_count: 2 });
  });

  it('pages pageSize items', async () => {
    const app = resourceApp(new PagedResource(30), { pageSize: 7 });
    const document = await (await send(app, 'GET', '/api/user')).json();
    expect(document).toMatchObject({ count: 7, page_size: 7, page_count: 5 });
  });

  it("links each item from the entity route's template, not by route name per link", async () => {
    const app = resourceApp(new PagedResource(30), { pageSize: 10 });
    const byName = vi.spyOn(app.router, 'generateUri');
    const document = await (await send(app, 'GET', '/api/user')).json();
    expect(document._embedded.user[9]._links.self.href).toBe('http://localhost/api/user/10');
    // The page's own links are generated by name once; its ten items' links never are.
    expect(byName.mock.calls.map(([name]) => name)).toEqual(['api.user']);
  });

  it('builds pagination links on the collection route', async () => {
    const app = resourceApp(new PagedResource(30), { pageSize: 10, routeName: 'people' });
    const document = await (await send(app, 'GET', '/api/user?page=2')).json();
    expect(document._links.next.href).toBe('http://localhost/api/user?page=3');
  });
});

describe('registerResource in a mounted application', () => {
  it('builds Location, self and pagination links with the mount prefix', async () => {
    const parent = createApplication();
    parent.pipe('/mount', resourceApp(new RecordingResource(), { pageSize: 1 }));
    const created = await send(parent, 'POST', '/mount/api/user', { name: 'x' });
    expect(created.headers.get('location')).toBe('http://localhost/mount/api/user/3');
    const document = await (await send(parent, 'GET', '/mount/api/user')).json();
    expectValidHal(document);
    expect(document._links.next.href).toBe('http://localhost/mount/api/user?page=2');
    expect(document._embedded.user[0]._links.self.href).toBe('http://localhost/mount/api/user/1');
  });
});

describe('registerResource method lists', () => {
  it('allows only collectionHttpMethods on the collection', async () => {
    const resource = new RecordingResource();
    const app = resourceApp(resource, { collectionHttpMethods: ['GET'] });
    const response = await send(app, 'POST', '/api/user', { name: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET,HEAD,OPTIONS');
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    // SPEC 7.1: the detail names the method and the kind of resource.
    expect((await response.json()).detail).toBe(
      'The POST method has not been defined for collections',
    );
    expect(resource.calls).toEqual([]);
  });

  it('allows only entityHttpMethods on entities', async () => {
    const resource = new RecordingResource();
    const app = resourceApp(resource, { entityHttpMethods: ['GET', 'DELETE'] });
    const response = await send(app, 'PUT', '/api/user/1', { name: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET,HEAD,DELETE,OPTIONS');
    expect((await response.json()).detail).toBe('The PUT method has not been defined for entities');
    expect((await send(app, 'DELETE', '/api/user/1')).status).toBe(204);
    expect(resource.calls).toEqual([['delete', '1']]);
  });

  it.each([
    ['PROPFIND', '/api/user/1', 'entities', 'GET,HEAD,PATCH,PUT,DELETE,OPTIONS'],
    ['PURGE', '/api/user', 'collections', 'GET,HEAD,POST,OPTIONS'],
    ['POST', '/api/user/1', 'entities', 'GET,HEAD,PATCH,PUT,DELETE,OPTIONS'],
  ])(
    'answers %s %s, a method no route names, with the same 405 as any other',
    async (method, path, kind, allow) => {
      const resource = new RecordingResource();
      const response = await send(resourceApp(resource), method, path);
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe(allow);
      expect((await response.json()).detail).toBe(
        `The ${method} method has not been defined for ${kind}`,
      );
      expect(resource.calls).toEqual([]);
    },
  );
});

describe('registerResource content negotiation', () => {
  it('hands the parsed JSON body to create', async () => {
    const resource = new RecordingResource();
    const body = { name: 'Ada', tags: ['a', 'b'], nested: { n: 1 } };
    await send(resourceApp(resource), 'POST', '/api/user', body);
    expect(resource.calls).toEqual([['create', body]]);
  });

  it('hands the parsed JSON body to update', async () => {
    const resource = new RecordingResource();
    await send(resourceApp(resource), 'PUT', '/api/user/1', { name: 'Ada' });
    expect(resource.calls).toEqual([['update', '1', { name: 'Ada' }]]);
  });

  it('answers HAL to a client that takes anything, even when a vendor type is listed first', async () => {
    const app = resourceApp(new RecordingResource(), {
      accept: ['application/vnd.example.v1+json', 'application/hal+json'],
    });
    for (const accept of [undefined, '*/*', 'application/*']) {
      const headers = accept === undefined ? undefined : { accept };
      const plain = await send(app, 'GET', '/api/user/1', undefined, headers);
      expect(plain.headers.get('content-type'), `Accept: ${accept}`).toBe('application/hal+json');
    }
    const vendor = await send(app, 'GET', '/api/user/1', undefined, {
      accept: 'application/vnd.example.v1+json',
    });
    expect(vendor.headers.get('content-type')).toBe('application/vnd.example.v1+json');
    const hal = await send(app, 'GET', '/api/user/1', undefined, {
      accept: 'application/hal+json',
    });
    expect(hal.headers.get('content-type')).toBe('application/hal+json');
  });

  it('answers 406 as a problem when the client accepts none of them', async () => {
    const app = createApplication();
    app.pipe('/', new ProblemMiddleware(), { priority: -100 });
    registerResource(app, '/api/user', new RecordingResource(), { entity: 'User' });
    const response = await send(app, 'GET', '/api/user/1', undefined, { accept: 'text/html' });
    expect(response.status).toBe(406);
    expect(await response.json()).toMatchObject({ detail: 'Cannot honor Accept type specified' });
  });
});

describe('a method the resource does not serve', () => {
  it('is refused before the body is read: 405, not 415', async () => {
    const app = resourceApp(new RecordingResource(), { collectionHttpMethods: ['GET'] });
    const response = await app.handle(
      new Request('http://localhost/api/user', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'not json',
      }),
    );
    expect(response.status).toBe(405);
  });

  it('lists in Allow only the methods the resource defines among those allowed', async () => {
    const app = createApplication({ onError: () => {} });
    app.pipe('/', new ProblemMiddleware(), { priority: -100 });
    class FetchOnly extends Resource {
      override fetch(id: string) {
        return { id };
      }
    }
    registerResource(app, '/api/thing', new FetchOnly(), { entity: 'Thing' });
    const response = await app.handle(
      new Request('http://localhost/api/thing/1', { method: 'DELETE' }),
    );
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET,HEAD,OPTIONS');
    expect((await response.json()).detail).toBe(
      'The DELETE method has not been defined for entities',
    );
  });
});

describe('a PUT on a resource that hides fields', () => {
  /** One entity with a hidden `secret`, which PUT replaces with the body it is given. */
  class Kept extends Resource {
    entity: Record<string, unknown> = { id: 1, name: 'Ada', secret: 's3' };
    override fetch(): Entity {
      return this.entity;
    }
    override update(_id: string, data: unknown): Entity {
      this.entity = { id: 1, name: null, secret: null, ...(data as object) };
      return this.entity;
    }
  }
  const put = (app: Application, body: unknown) => send(app, 'PUT', '/api/user/1', body);

  it('keeps a hidden field the body leaves out, and replaces one it names', async () => {
    const resource = new Kept();
    const app = resourceApp(resource, { hidden: ['secret'] });
    expect((await put(app, { name: 'Grace' })).status).toBe(200);
    // A client cannot send back what the representation never showed it.
    expect(resource.entity).toEqual({ id: 1, name: 'Grace', secret: 's3' });
    await put(app, { name: 'Grace', secret: null });
    expect(resource.entity.secret).toBeNull();
  });

  it('replaces every field of a resource that hides none', async () => {
    const resource = new Kept();
    await put(resourceApp(resource), { name: 'Grace' });
    expect(resource.entity.secret).toBeNull();
  });
});
