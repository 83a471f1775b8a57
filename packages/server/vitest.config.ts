import { defineProject } from 'vitest/config';

/**
 * Issue 10 §7: the server's files share one module graph per worker (`isolate: false`): each file
 * starts its own app and database, and nothing in the server keeps state at module level that one
 * app could leave to another (rate limiters and caches belong to an app instance). No file here
 * replaces a module with `vi.mock`; one that must would need a project of its own, as in web.
 */
export default defineProject({
  test: {
    root: new URL('.', import.meta.url).pathname,
    isolate: false,
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
