import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './src/build/precompress.ts';

/** Where the API server listens during development (the server's default port). */
const apiTarget = process.env.SCR_API_URL ?? 'http://localhost:3030';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // No source maps: in production they would hand out every source file (issue 9 §5).
    sourcemap: false,
    // MUI with its date pickers (material-react-table needs them) is one long-cached chunk of
    // about 615 kB (190 kB gzipped); splitting it pulls core MUI into every group.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs)[\\/]/ },
            // The documents' form library, loaded only with the documents page (issue 12 item 4).
            {
              name: 'forms',
              test: /node_modules[\\/](@rjsf|@x0k|markdown-to-jsx|fast-equals|fast-uri|jsonpointer)[\\/]/,
            },
            { name: 'vendor', test: /node_modules[\\/]/ },
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
