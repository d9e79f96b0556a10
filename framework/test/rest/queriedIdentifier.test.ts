import { describe, expect, it } from 'vitest';
import {
  ALL_COLLECTION_METHODS,
  ALL_ENTITY_METHODS,
  RecordingResource,
  resourceApp,
  send,
} from './support.ts';

// api-tools (zf-rest) reads `?user_id=7` on the collection URL as the entity's identifier.
// Here the path names an entity: an identifier in the query is refused with a 400 that says
// where it goes, and the resource is never called (a DELETE must not reach the whole list).
const options = {
  collectionHttpMethods: ALL_COLLECTION_METHODS,
  entityHttpMethods: ALL_ENTITY_METHODS,
};

describe('an identifier in the query of a collection URL', () => {
  it.each(['GET', 'PUT', 'PATCH', 'DELETE'])(
    '%s is a 400 problem naming the path, and calls nothing',
    async (method) => {
      const resource = new RecordingResource();
      const app = resourceApp(resource, options);
      const body = method === 'GET' || method === 'DELETE' ? undefined : [{ name: 'Ada' }];
      const response = await send(app, method, '/api/user?user_id=1', body);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect((await response.json()).detail).toBe(
        'user_id names an entity in the path, /api/user/1, not in the query: this URL is the collection',
      );
      expect(resource.calls).toEqual([]);
    },
  );

  it('leaves other query parameters, and the entity URL, as they were', async () => {
    const resource = new RecordingResource();
    const app = resourceApp(resource, options);
    expect((await send(app, 'GET', '/api/user?name=Ada')).status).toBe(200);
    expect((await send(app, 'GET', '/api/user/1?user_id=2')).status).toBe(200);
    expect(resource.calls).toEqual([
      ['fetchAll', { name: 'Ada' }],
      ['fetch', '1'],
    ]);
  });
});
