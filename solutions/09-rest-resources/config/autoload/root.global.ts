import type { Application, Container } from 'hyperpipe';
import { ApiRoot, type RootLink } from '../../src/root/ApiRoot.ts';

// The API root's links, by relation. Each names the route it leads to, never a path: the
// root reads the path from the router, so a route that moves takes its link along.
// registerConfiguredResources names a resource's routes after its path: `speaker` for the
// collection, `speaker.entity` for an entity.
const links: Record<string, RootLink> = {
  self: { route: 'home' },
  speakers: { route: 'speaker', query: ['page'], title: 'The speakers, 25 a page' },
  speaker: { route: 'speaker.entity', title: 'A speaker, by id' },
  talks: { route: 'talk', query: ['page'], title: 'The talks, 25 a page' },
  talk: { route: 'talk.entity', title: 'A talk, by id' },
  timezone: { route: 'timezone', title: 'The time zone service', type: 'application/json' },
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
