import type Database from 'better-sqlite3';
import type { Container } from 'hyperpipe';
import { NotFoundProblemMiddleware, ProblemMiddleware } from 'hyperpipe/problem';
import { createApiApp } from '../../src/api/createApiApp.ts';
import { createBlogApp } from '../../src/blog/createBlogApp.ts';
import { Catalogue, openCheckedCatalogue } from '../../src/database/Catalogue.ts';
import { HelloHandler } from '../../src/handlers/HelloHandler.ts';
import { HomeHandler } from '../../src/handlers/HomeHandler.ts';
import { PingHandler } from '../../src/handlers/PingHandler.ts';
import { postHandler } from '../../src/handlers/postHandler.ts';
import { corsFactory } from '../../src/middleware/cors.ts';
import { ApiRoot } from '../../src/root/ApiRoot.ts';
import { SpeakerCollectionHandler } from '../../src/speaker/SpeakerCollectionHandler.ts';
import { SpeakerEntityHandler } from '../../src/speaker/SpeakerEntityHandler.ts';
import { TalkCollectionHandler } from '../../src/talk/TalkCollectionHandler.ts';
import { TalkEntityHandler } from '../../src/talk/TalkEntityHandler.ts';
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
      ApiRoot,
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
      SpeakerCollectionHandler: (container: Container) =>
        new SpeakerCollectionHandler(container.get('Catalogue') as Catalogue),
      SpeakerEntityHandler: (container: Container) =>
        new SpeakerEntityHandler(container.get('Catalogue') as Catalogue),
      TalkCollectionHandler: (container: Container) =>
        new TalkCollectionHandler(container.get('Catalogue') as Catalogue),
      TalkEntityHandler: (container: Container) =>
        new TalkEntityHandler(container.get('Catalogue') as Catalogue),
    },
  },
};
