import type { Container } from 'hyperpipe';
import { HelloHandler } from '../../src/handlers/HelloHandler.ts';
import { HomeHandler } from '../../src/handlers/HomeHandler.ts';
import { PingHandler } from '../../src/handlers/PingHandler.ts';
import { postHandler } from '../../src/handlers/postHandler.ts';

// The services the routes name: ready-made values, classes created without arguments,
// and factories for what needs something from the container (here, the configuration).
// TODO: add the services the pipeline names: Cors (made by corsFactory, from
// src/middleware/cors.ts), JsonErrors (src/middleware/jsonErrors.ts), and the two
// applications to mount, made by createBlogApp (src/blog) and createApiApp (src/api).
// README.md: "Mounting" says why an application can be a service.
export default {
  dependencies: {
    services: { PostHandler: postHandler },
    invokables: { HomeHandler, PingHandler },
    factories: {
      HelloHandler: (container: Container) =>
        new HelloHandler((container.get('config') as { greeting: string }).greeting),
    },
  },
};
