import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineProject, type TestProjectInlineConfiguration } from 'vitest/config';
import { localeParts } from './src/build/locale-parts-plugin.ts';

/**
 * A test file that replaces a module (`vi.mock`) needs a module graph of its own: it is named
 * `*.isolated.test.ts(x)` and runs in the `web-isolated` project (root `vitest.config.ts`).
 */
const isolatedFiles = 'src/**/*.isolated.test.{ts,tsx}';

const common = {
  // The locale parts the app imports (`src/i18n/locale-parts.ts`).
  plugins: [localeParts(), react()],
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    pool: 'threads',
    // On a loaded machine a material-react-table render takes seconds; a test still fails on a
    // real wait, just not on a slow one.
    testTimeout: 20_000,
  },
} satisfies TestProjectInlineConfiguration;

/**
 * Issue 10 §7: one jsdom and one module graph (MUI, material-react-table) per worker instead of
 * one per file; `src/test/setup.ts` resets what a test may leave behind.
 */
export default defineProject({
  ...common,
  test: {
    ...common.test,
    name: 'web',
    // Issue 15: the lazily loaded pages, loaded once per worker (`src/test/warm-lazy-modules.ts`).
    setupFiles: [...common.test.setupFiles, './src/test/warm-lazy-modules.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [isolatedFiles],
    isolate: false,
  },
});

/** The few files that replace a module, each in a fresh module graph. */
export const webIsolated = {
  ...common,
  test: { ...common.test, name: 'web-isolated', include: [isolatedFiles], isolate: true },
} satisfies TestProjectInlineConfiguration;
