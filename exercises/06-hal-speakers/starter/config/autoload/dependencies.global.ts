import { type Container, ProblemMiddleware } from 'hyperpipe';
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
// TODO: the catalogue and the speakers (README, "The catalogue"):
// - a Database service that opens the file database.global.ts names (src/database/Catalogue.ts
//   has the function that opens it), and a Catalogue service over the Database service. They
//   are the only place the catalogue is opened: the copy createApp is given must win.
// - the two handlers of src/speaker, each given the Catalogue service;
// - NotFoundProblem, the framework's middleware that answers a 404 problem (README,
//   "Problems everywhere");
// - JsonErrors goes: ProblemMiddleware renders every error now.
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
