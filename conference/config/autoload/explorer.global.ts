import type { Container } from 'hyperpipe';
import { type ExplorerPrefill, HalExplorer } from '../../src/explorer/HalExplorer.ts';

interface ExplorerConfig {
  explorer?: { prefill?: ExplorerPrefill };
}

// GET / in a browser: the HAL explorer page, on the API root's routes (root.global.ts).
export default {
  dependencies: {
    factories: {
      HalExplorer: (container: Container) =>
        new HalExplorer((container.get('config') as ExplorerConfig).explorer?.prefill),
    },
  },
  explorer: {
    // The bodies the explorer's write form starts with where the API description has no
    // example to show: a token request, whose client only the configuration knows. The user
    // types the user's name and password; the page names the fields still empty.
    //
    // DEMO ONLY: the client workshop/workshop-secret is published in the workshop's
    // documentation (docs/conference-api.md), as authentication.global.ts says. With clients
    // of your own, set `explorer: { prefill: { 'POST /oauth': null } }` in a *.local.ts file.
    prefill: {
      'POST /oauth': {
        grant_type: 'password',
        username: '',
        password: '',
        client_id: 'workshop',
        client_secret: 'workshop-secret',
      },
    },
  },
};
