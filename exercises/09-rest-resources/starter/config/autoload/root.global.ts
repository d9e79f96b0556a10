import type { Application, Container } from 'hyperpipe';
import { ApiRoot, type RootLink } from '../../src/root/ApiRoot.ts';

// The API root's links, by relation. Each names the route it leads to, never a path: the
// root reads the path from the router, so a route that moves takes its link along.
//
// TODO: the links of step 08's root, `speakers`, `speaker`, `talks` and `talk`, each to the
// route the resources registered for it, with a `title`, and the page a client may add as
// `query`; and a `timezone` link to the time zone service, whose `type` is the one media
// type it answers (README, "The root from configuration"; hint 16).
const links: Record<string, RootLink> = {
  self: { route: 'home' },
};

// The root of GET / (routes.global.ts), for HAL clients: HomeHandler greets everyone else.
export default {
  dependencies: {
    factories: {
      // The application's router holds every route, those of the resources included.
      ApiRoot: (container: Container) =>
        new ApiRoot((container.get('Application') as Application).router, links),
    },
  },
};
