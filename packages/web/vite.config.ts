import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { domainImports } from './src/build/domain-imports.ts';
import { localeParts } from './src/build/locale-parts-plugin.ts';
import { muiWithoutCssVariables } from './src/build/mui-without-css-variables.ts';
import { precompress } from './src/build/precompress.ts';
import { sideEffectFreePackages } from './src/build/side-effect-free.ts';

/** Where the API server listens during development (the server's default port). */
const apiTarget = process.env.SCR_API_URL ?? 'http://localhost:3030';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    domainImports(fileURLToPath(new URL('../domain/src/index.ts', import.meta.url))),
    localeParts(),
    muiWithoutCssVariables(),
    sideEffectFreePackages(),
    react(),
    precompress(),
  ],
  resolve: {
    // Issue 15: the Feathers REST client's `qs` import gets the portal's own query writing.
    alias: [
      {
        find: /^qs$/,
        replacement: fileURLToPath(new URL('./src/api/query-string-module.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // No source maps: in production they would hand out every source file (issue 9 §5).
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Issue 15: the login page needs at most 250 kB of gzip-compressed JavaScript. Pages are
        // lazy routes (app/routes.tsx), so only React, the MUI components the shell and the login
        // use, and the app's core load first; libraries change less often than our code, so the
        // groups below stay cached across releases. A group holds every module it matches, so
        // none names MUI as a whole: the rest of MUI follows the pages that use it.
        codeSplitting: {
          // A group takes only the modules it names: with their dependencies (core MUI) too,
          // the login page would wait for the tables' and the forms' groups.
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            // The overview's tables (material-react-table with its date pickers), loaded on demand,
            // with the MUI X helpers the dashboard's charts share with them (else the charts' lazy
            // chunk would hold them and load with every table).
            {
              name: 'tables',
              test: /node_modules[\\/]((material-react-table|@tanstack[\\/](react-table|table-core|react-virtual|virtual-core|match-sorter-utils)|@mui[\\/]x-date-pickers|@mui[\\/]x-internals|@base-ui[\\/]utils|reselect|highlight-words|@date-io|dayjs|date-fns)[\\/]|use-sync-external-store[\\/].*with-selector)/,
            },
            // The documents' form library, loaded only with the documents page (issue 12 item 4).
            {
              name: 'forms',
              test: /node_modules[\\/](@rjsf|@x0k|markdown-to-jsx|fast-equals|fast-uri|jsonpointer)[\\/]/,
            },
            { name: 'start', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
      '/health': { target: apiTarget, changeOrigin: true },
    },
  },
});
