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
    testTimeout: 20_000,
  },
});
