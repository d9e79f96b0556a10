import type { Container } from 'hyperpipe';
import { ProblemMiddleware } from 'hyperpipe/problem';
import { createApiApp } from '../../src/api/createApiApp.ts';
import { createBlogApp } from '../../src/blog/createBlogApp.ts';
import { HelloHandler } from '../../src/handlers/HelloHandler.ts';
import { HomeHandler } from '../../src/handlers/HomeHandler.ts';
import { PingHandler } from '../../src/handlers/PingHandler.ts';
import { postHandler } from '../../src/handlers/postHandler.ts';
import { corsFactory } from '../../src/middleware/cors.ts';
import { jsonErrors } from '../../src/middleware/jsonErrors.ts';
import { TimezoneHandler } from '../../src/timezone/TimezoneHandler.ts';

// The services the routes and the pipeline name: ready-made values, classes created
// without arguments, and factories for what needs something from the container.
export default {
  dependencies: {
    services: { PostHandler: postHandler, JsonErrors: jsonErrors },
    invokables: { HomeHandler, PingHandler, TimezoneHandler, ProblemMiddleware },
    factories: {
      HelloHandler: (container: Container) =>
        new HelloHandler((container.get('config') as { greeting: string }).greeting),
      Cors: corsFactory,
      // An application is middleware too, so a whole one can be a pipeline entry.
      BlogApplication: () => createBlogApp(),
      ApiApplication: () => createApiApp(),
    },
  },
};
