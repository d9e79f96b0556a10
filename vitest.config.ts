import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'framework/test/**/*.test.ts',
      'catalogue/test/**/*.test.ts',
      'conference/test/**/*.test.ts',
      'cli/test/**/*.test.ts',
      'examples/**/*.test.ts',
    ],
    // Many tests start real processes (servers, vitest itself, the workshop command); on a
    // loaded 2-core machine one can take well over 20 s without anything being wrong.
    testTimeout: 60_000,
    // Kills, at the end of the run, the servers, redis-servers and browsers that tests started and
    // a worker killed mid-test left running (framework/test/support/ownProcess.ts).
    globalSetup: ['framework/test/support/killOwnedProcesses.ts'],
  },
});
