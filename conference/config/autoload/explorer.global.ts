import { HalExplorer } from '../../src/explorer/HalExplorer.ts';

// GET / in a browser: the HAL explorer page. Other clients get the 404 problem as before.
export default {
  dependencies: { invokables: { HalExplorer } },
  routes: [{ path: '/', middleware: 'HalExplorer', allowed_methods: ['GET'], name: 'explorer' }],
};
