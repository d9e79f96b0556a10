import { type Application, createApplication } from 'hyperpipe';
import { HAL_MEDIA_TYPE } from 'hyperpipe/hal';
import { NotFoundProblemMiddleware, ProblemMiddleware } from 'hyperpipe/problem';
import { registerResource } from 'hyperpipe/rest';
import { Versioning } from 'hyperpipe/versioning';
import { UserResource as UserResourceV1 } from './Users/V1/Rest/User/UserResource.ts';
import { UserResource as UserResourceV2 } from './Users/V2/Rest/User/UserResource.ts';

/**
 * The hypermedia example of SPEC 4.4: `/api/user` as a paginated HAL collection and
 * `/api/user/{user_id}` as a HAL resource, in two versions side by side. `/v1/…` and
 * `/v2/…` choose a version in the URL; `Accept: application/vnd.example.v2+json` chooses
 * one by media type; without either, version 1 answers.
 */
export function createUsersApp(): Application {
  const app = createApplication();
  app.pipe('/', new Versioning(app.router, { vendor: 'example' }), { priority: 10 });
  app.pipeRoutingMiddleware().pipeDispatchMiddleware();
  app.pipe('/', new NotFoundProblemMiddleware(), { priority: -50 });
  app.pipe('/', new ProblemMiddleware(), { priority: -100 });

  registerResource(app, '/v1/api/user', new UserResourceV1(), {
    entity: 'User',
    routeName: 'v1.api.user',
    identifierName: 'user_id',
    collectionName: 'users',
    pageSize: 2,
    accept: ['application/vnd.example.v1+json', HAL_MEDIA_TYPE, 'application/json'],
    embedded: { contacts: 'User' },
  });

  registerResource(app, '/v2/api/user', new UserResourceV2(), {
    entity: 'UserV2',
    routeName: 'v2.api.user',
    identifierName: 'user_id',
    collectionName: 'users',
    pageSize: 2,
    accept: ['application/vnd.example.v2+json', HAL_MEDIA_TYPE, 'application/json'],
    linked: { contacts: 'UserV2' },
  });

  return app;
}
