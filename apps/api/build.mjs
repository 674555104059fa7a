// Bundles the server into dist/main.js (and its mail thread into dist/mail-worker.js): the workspace's own TypeScript (the API and the domain package)
// is compiled in, packages from node_modules stay external and load as installed.
import { build } from 'esbuild';

await build({
  // the mail thread's entry beside the server (platform/mail-thread.ts starts it from there)
  entryPoints: { main: 'src/main.ts', 'mail-worker': 'src/platform/mail-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-node-modules',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
