import type Database from 'better-sqlite3';
import type { Container } from 'hyperpipe';
import { NotFoundProblemMiddleware, ProblemMiddleware } from 'hyperpipe/problem';
import { createApiApp } from '../../src/api/createApiApp.ts';
import { createBlogApp } from '../../src/blog/createBlogApp.ts';
import { SpeakerResource } from '../../src/Conference/V1/Rest/Speaker/SpeakerResource.ts';
import { TalkResource } from '../../src/Conference/V1/Rest/Talk/TalkResource.ts';
import { Catalogue, openCheckedCatalogue } from '../../src/database/Catalogue.ts';
import { HelloHandler } from '../../src/handlers/HelloHandler.ts';
import { HomeHandler } from '../../src/handlers/HomeHandler.ts';
import { PingHandler } from '../../src/handlers/PingHandler.ts';
import { postHandler } from '../../src/handlers/postHandler.ts';
import { corsFactory } from '../../src/middleware/cors.ts';
import { TimezoneHandler } from '../../src/timezone/TimezoneHandler.ts';

const databasePath = (container: Container) =>
  (container.get('config') as { database: { path: string } }).database.path;

// The services the routes and the pipeline name: ready-made values, classes created
// without arguments, and factories for what needs something from the container.
export default {
  dependencies: {
    services: { PostHandler: postHandler },
    invokables: {
      HomeHandler,
      PingHandler,
      TimezoneHandler,
      ProblemMiddleware,
      NotFoundProblem: NotFoundProblemMiddleware,
    },
    factories: {
      HelloHandler: (container: Container) =>
        new HelloHandler((container.get('config') as { greeting: string }).greeting),
      Cors: corsFactory,
      // An application is middleware too, so a whole one can be a pipeline entry.
      BlogApplication: () => createBlogApp(),
      ApiApplication: () => createApiApp(),
      // The file of database.global.ts; createApp replaces this service with the checks' copy.
      Database: (container: Container) => openCheckedCatalogue(databasePath(container)),
      Catalogue: (container: Container) =>
        new Catalogue(
          () => container.get('Database') as Database.Database,
          databasePath(container),
        ),
      // The REST resources of the `rest` configuration, by the names it gives them.
      'Conference.V1.Speaker': (container: Container) =>
        new SpeakerResource(container.get('Catalogue') as Catalogue),
      'Conference.V1.Talk': (container: Container) =>
        new TalkResource(container.get('Catalogue') as Catalogue),
    },
  },
};
