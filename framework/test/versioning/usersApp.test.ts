import { describe, expect, it } from 'vitest';
import { createUsersApp } from '../../../examples/users/createUsersApp.ts';

const V1 = 'application/vnd.example.v1+json';
const V2 = 'application/vnd.example.v2+json';

const app = createUsersApp();

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return app.handle(new Request(`http://localhost${path}`, { headers }));
}

async function bodyOf(path: string, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await get(path, headers);
  expect(response.status).toBe(200);
  return response.json();
}

/** Version 1 embeds contacts; version 2 counts them instead. */
function shapeOf(user: unknown): 'v1' | 'v2' {
  const fields = user as { _embedded?: unknown; contact_count?: unknown };
  if (fields._embedded !== undefined && fields.contact_count === undefined) return 'v1';
  if (fields.contact_count !== undefined && fields._embedded === undefined) return 'v2';
  throw new Error(`neither version: ${JSON.stringify(user)}`);
}

describe('the users example, v1 and v2 side by side', () => {
  it('answers the unprefixed URL as /v1', async () => {
    const unprefixed = await bodyOf('/api/user/1');
    expect(unprefixed).toEqual(await bodyOf('/v1/api/user/1'));
    expect(shapeOf(unprefixed)).toBe('v1');
  });

  it('answers /v2 with the version 2 representation', async () => {
    expect(shapeOf(await bodyOf('/v2/api/user/1'))).toBe('v2');
  });

  it('answers the unprefixed URL as /v2 for a v2 vendor type in Accept, in that type', async () => {
    const response = await get('/api/user/1', { accept: V2 });
    expect(response.headers.get('content-type')).toBe(V2);
    expect(await response.json()).toEqual(await bodyOf('/v2/api/user/1'));
  });

  it('answers HAL when Accept is missing, though the vendor type is listed first', async () => {
    expect((await get('/api/user/1')).headers.get('content-type')).toBe('application/hal+json');
  });

  it('lets the URL win over a vendor type in Accept', async () => {
    const response = await get('/v1/api/user/1', { accept: `${V2}, application/hal+json;q=0.5` });
    expect(response.headers.get('content-type')).toBe('application/hal+json');
    expect(shapeOf(await response.json())).toBe('v1');
  });

  it('lets a vendor type in Content-Type win over Accept', async () => {
    const response = await get('/api/user/1', { 'content-type': V1, accept: `${V2}, */*;q=0.1` });
    expect(response.headers.get('content-type')).toBe('application/hal+json');
    expect(shapeOf(await response.json())).toBe('v1');
  });

  it('answers 406 for a version in Accept that nobody registered', async () => {
    const response = await get('/api/user/1', { accept: 'application/vnd.example.v3+json' });
    expect(response.status).toBe(406);
    expect(await response.json()).toMatchObject({ detail: 'Cannot honor Accept type specified' });
  });

  it('answers a 404 problem for a URL version nobody registered', async () => {
    const response = await get('/v3/api/user/1', { accept: 'application/json' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
  });

  it('ignores a vendor type of another name', async () => {
    const response = await get('/api/user/1', {
      accept: 'application/vnd.other.v2+json, application/json;q=0.5',
    });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(shapeOf(await response.json())).toBe('v1');
  });
});
