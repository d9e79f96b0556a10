// The setup of every check file (cli/vitest.checks.config.ts): the checks' requests to
// http://conference.test go to the target's application, or to WORKSHOP_URL's server.
import { afterAll, beforeAll } from 'vitest';
import { createCheckServer, listen } from './checkServer.ts';
import { closeTargetApps } from './target.ts';

const server = createCheckServer();

beforeAll(() => listen(server));

afterAll(() => {
  server.close();
  closeTargetApps();
});
