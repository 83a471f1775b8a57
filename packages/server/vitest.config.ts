import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    root: new URL('.', import.meta.url).pathname,
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
