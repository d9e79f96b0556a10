import { ApiProblem } from 'hyperpipe/problem';
import { Resource } from 'hyperpipe/rest';
import { describe, expect, it } from 'vitest';
import { ALL_COLLECTION_METHODS, ALL_ENTITY_METHODS, resourceApp, send } from './support.ts';

/** A resource whose every method returns (not throws) a problem naming the method. */
class RefusingResource extends Resource {
  override fetch = () => refused('fetch');
  override fetchAll = () => refused('fetchAll');
  override create = () => refused('create');
  override update = () => refused('update');
  override patch = () => refused('patch');
  override delete = () => Promise.resolve(refused('delete'));
  override deleteList = () => refused('deleteList');
  override patchList = () => refused('patchList');
  override replaceList = () => refused('replaceList');
}

function refused(method: string): ApiProblem {
  return new ApiProblem(422, `${method} refused`, { extensions: { method } });
}

const options = {
  collectionHttpMethods: ALL_COLLECTION_METHODS,
  entityHttpMethods: ALL_ENTITY_METHODS,
};

describe('a problem a resource method returns', () => {
  it.each([
    ['GET', '/api/user/1', 'fetch'],
    ['PUT', '/api/user/1', 'update'],
    ['PATCH', '/api/user/1', 'patch'],
    ['DELETE', '/api/user/1', 'delete'],
    ['GET', '/api/user', 'fetchAll'],
    ['POST', '/api/user', 'create'],
    ['PUT', '/api/user', 'replaceList'],
    ['PATCH', '/api/user', 'patchList'],
    ['DELETE', '/api/user', 'deleteList'],
  ])('%s %s answers the problem %s returned', async (method, path, name) => {
    const app = resourceApp(new RefusingResource(), options);
    const body = method === 'GET' || method === 'DELETE' ? undefined : { name: 'Ada' };
    const response = await send(app, method, path, body);
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({
      status: 422,
      detail: `${name} refused`,
      method: name,
    });
  });
});
