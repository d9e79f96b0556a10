import { HalExplorer } from '../../src/explorer/HalExplorer.ts';

// GET / in a browser: the HAL explorer page, on the API root's routes (root.global.ts).
export default {
  dependencies: { invokables: { HalExplorer } },
};
