import type { Application } from 'hyperpipe';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectValidHal } from '../../framework/test/hal/support.ts';
import { createUsersApp } from './createUsersApp.ts';
import { USERS } from './Users/userStore.ts';

const ORIGIN = 'http://localhost';
const PROBLEM_405 = {
  type: 'https://www.rfc-editor.org/rfc/rfc9110#status.405',
  title: 'Method Not Allowed',
  status: 405,
};

let app: Application;
beforeAll(() => {
  app = createUsersApp();
});

function call(url: string, init: RequestInit = {}): Promise<Response> {
  return app.handle(new Request(url.startsWith('http') ? url : `${ORIGIN}${url}`, init));
}

/** GETs a HAL document, checking the status, the media type family and the HAL schema. */
async function getHal(url: string, headers: Record<string, string> = {}) {
  const response = await call(url, { headers });
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/json$/);
  const document = await response.json();
  expectValidHal(document);
  return document;
}

describe('GET /api/user (SPEC 4.4): a paginated HAL collection', () => {
  it('answers the first page with users, counts and pagination links', async () => {
    const document = await getHal('/api/user');
    expect(document).toMatchObject({ count: 2, total: USERS.length, page: 1, page_count: 3 });
    expect(document._embedded.users.map((user: { id: number }) => user.id)).toEqual([1, 2]);
    expect(document._links).toEqual({
      self: { href: `${ORIGIN}/v1/api/user?page=1` },
      first: { href: `${ORIGIN}/v1/api/user` },
      next: { href: `${ORIGIN}/v1/api/user?page=2` },
      last: { href: `${ORIGIN}/v1/api/user?page=3` },
    });
  });

  it('gives every listed user its own self link, id and name', async () => {
    const document = await getHal('/api/user');
    for (const user of document._embedded.users) {
      expect(user._links.self.href).toBe(`${ORIGIN}/v1/api/user/${user.id}`);
      expect(user.name).toBe(USERS.find((stored) => stored.id === user.id)?.name);
    }
  });

  it.each(['/api/user', '/v2/api/user'])(
    'walks %s by following next links, seeing every user once',
    async (start) => {
      const seen: number[] = [];
      const pages: number[] = [];
      let url: string | undefined = start;
      while (url !== undefined) {
        const document = await getHal(url);
        pages.push(document.page);
        expect(document.count).toBe(document._embedded.users.length);
        seen.push(...document._embedded.users.map((user: { id: number }) => user.id));
        url = document._links.next?.href;
        expect(pages.length).toBeLessThanOrEqual(USERS.length);
      }
      expect(pages).toEqual([1, 2, 3]);
      expect(seen).toEqual(USERS.map((user) => user.id));
    },
  );

  it('walks back from the last page by following prev links', async () => {
    const pages: number[] = [];
    let url: string | undefined = (await getHal('/api/user'))._links.last.href;
    while (url !== undefined) {
      const document = await getHal(url);
      pages.push(document.page);
      url = document._links.prev?.href;
    }
    expect(pages).toEqual([3, 2, 1]);
  });

  it('answers a page past the last with a 409 problem', async () => {
    const response = await call('/api/user?page=4');
    expect(response.status).toBe(409);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 409, detail: 'Invalid page provided' });
  });

  it('answers a page that is not a positive integer with a 400 problem', async () => {
    const response = await call('/api/user?page=two');
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
  });
});

describe('GET /api/user/{user_id} (SPEC 4.4): a HAL resource', () => {
  it('version 1 has self, id, name and the contacts embedded, each with its own self', async () => {
    const document = await getHal('/api/user/1');
    expect(document).toEqual({
      _links: { self: { href: `${ORIGIN}/v1/api/user/1` } },
      id: 1,
      name: 'Ada Okafor',
      _embedded: {
        contacts: [
          { _links: { self: { href: `${ORIGIN}/v1/api/user/2` } }, id: 2, name: 'Bruno Lindqvist' },
          { _links: { self: { href: `${ORIGIN}/v1/api/user/3` } }, id: 3, name: 'Chiara Esposito' },
        ],
      },
    });
  });

  it('version 1 embeds an empty list for a user without contacts', async () => {
    const document = await getHal('/api/user/4');
    expect(document._embedded).toEqual({ contacts: [] });
  });

  it('version 2 has self, id, name and a contacts link per contact', async () => {
    const document = await getHal('/v2/api/user/3');
    expect(document).toMatchObject({ id: 3, name: 'Chiara Esposito' });
    expect(document._links).toEqual({
      self: { href: `${ORIGIN}/v2/api/user/3` },
      contacts: [
        { href: `${ORIGIN}/v2/api/user/1` },
        { href: `${ORIGIN}/v2/api/user/4` },
        { href: `${ORIGIN}/v2/api/user/5` },
      ],
    });
    expect(document).not.toHaveProperty('_embedded');
  });

  it('version 2 keeps a list for a single contact', async () => {
    const document = await getHal('/v2/api/user/2');
    expect(document._links.contacts).toEqual([{ href: `${ORIGIN}/v2/api/user/1` }]);
  });

  it('version 2 contacts links lead to the contacts', async () => {
    const document = await getHal('/v2/api/user/1');
    const names = [];
    for (const link of document._links.contacts) names.push((await getHal(link.href)).name);
    expect(names).toEqual(['Bruno Lindqvist', 'Chiara Esposito']);
  });

  it('chooses version 2 by vendor media type on the unversioned URL', async () => {
    const response = await call('/api/user/1', {
      headers: { accept: 'application/vnd.example.v2+json' },
    });
    expect(response.headers.get('content-type')).toBe('application/vnd.example.v2+json');
    const document = await response.json();
    expectValidHal(document);
    expect(document._links.self.href).toBe(`${ORIGIN}/v2/api/user/1`);
  });

  it('answers an unknown user with a 404 problem', async () => {
    const response = await call('/api/user/99');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 404, detail: 'Entity not found.' });
  });
});

describe('OPTIONS', () => {
  it.each([
    ['/api/user', 'GET,HEAD,OPTIONS'],
    ['/api/user/1', 'GET,HEAD,OPTIONS'],
  ])('OPTIONS %s answers 204 with Allow: %s', async (path, allow) => {
    const response = await call(path, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('allow')).toBe(allow);
  });
});

describe('every other method answers a 405 API Problem (SPEC 4.4, 7.1)', () => {
  const OTHER_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
  const paths = ['/api/user', '/api/user/1', '/v1/api/user', '/v1/api/user/1', '/v2/api/user/1'];
  const cases = paths.flatMap((path) => OTHER_METHODS.map((method) => [method, path]));

  it.each(cases)('%s %s', async (method, path) => {
    const response = await call(path, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const body = await response.json();
    expect(body).toMatchObject(PROBLEM_405);
    expect(body.detail).toContain(method);
  });

  it.each([
    ['PUT', '/api/user/1', 'The PUT method has not been defined for entities'],
    ['PATCH', '/api/user/1', 'The PATCH method has not been defined for entities'],
    ['DELETE', '/api/user/1', 'The DELETE method has not been defined for entities'],
    ['POST', '/api/user', 'The POST method has not been defined for collections'],
  ])('%s %s says the method has not been defined', async (method, path, detail) => {
    const body = await (await call(path, { method })).json();
    expect(body).toEqual({ ...PROBLEM_405, detail });
  });
});
