// The setup of every check file (cli/vitest.checks.config.ts): the checks' requests to
// http://conference.test go to the target's application, or to WORKSHOP_URL's server.
import { afterAll, beforeAll } from 'vitest';
import { createCheckServer, listen } from './checkServer.ts';
import { closeTargetApps, removeStaleLocalConfigs } from './target.ts';

const server = createCheckServer();

beforeAll(async () => {
  // A run killed earlier (Ctrl-C) may have left its check-<pid>.local.json behind.
  await removeStaleLocalConfigs();
  listen(server);
});

afterAll(() => {
  server.close();
  closeTargetApps();
});
