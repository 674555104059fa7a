import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_ORIGIN = process.env.PORTAL_API_ORIGIN ?? 'http://localhost:3000';

/** Vite's own dev-server paths, never forwarded to the API. */
const VITE_PATHS =
  /^\/(?:@vite\/|@react-refresh|@id\/|@fs\/|@vite-plugin|src\/|node_modules\/|__vite|\.vite\/)/;

/**
 * React Router 7's package points every import at its development build (react-router issues 12532 and
 * 14102): dev warnings on in production and about 2 KB gzipped more on every first screen. A production
 * build takes the package's own production build instead, the same code with the warnings off.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  resolve: {
    alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: {
    proxy: {
      // Page navigations (Accept: text/html) get index.html; every other request (fetch, XHR) goes to the API,
      // which uses the spec's paths at the root (/login/{org}, /organization/search, ...).
      '^/.*': {
        target: API_ORIGIN,
        changeOrigin: false,
        bypass(req) {
          const url = req.url ?? '/';
          if (VITE_PATHS.test(url)) return url;
          if ((req.headers.accept ?? '').includes('text/html')) return url;
          return undefined;
        },
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // dist/.vite/manifest.json lets scripts/measure-route-js.mjs add up what a route loads
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router, which every first screen loads, in one file: one request and one gzip
            // stream instead of pieces named after whichever app module rolldown met first (the old
            // "storage-keys" chunk was React and the router).
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // TanStack Query apart: /login does without it (the shells that read server data provide the
            // client), every signed-in screen loads it as one file.
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
