import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { versionFile } from './build/version-file';

const API_ORIGIN = process.env.PORTAL_API_ORIGIN ?? 'http://localhost:3000';
const appRoot = path.dirname(fileURLToPath(import.meta.url));

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

/** The shells of the areas past the entry: each is loaded on the first navigation into its area. */
const AREA_SHELL = /[\\/]src[\\/]app[\\/]shells[\\/](signed-in|care|focus|consultation)-shell\.tsx$/;
/**
 * The screens the router shows inside the focus shell (router.tsx): a module they import with the signed-in
 * shell goes to the chunk both shells share, not the signed-in shell's, which /shop would otherwise load whole.
 */
const FOCUS_SCREEN =
  /[\\/]src[\\/]features[\\/](shop[\\/]pages[\\/]shop-page|labs[\\/]pages[\\/]lab-instructions-page|subscriptions[\\/]pages[\\/]schedule-subscription-page|identity[\\/]pages[\\/]schedule-coaching-page|appointments[\\/]pages[\\/](schedule-onboarding|appointment-callback)-page)\.tsx$/;
/** The clinic's workspace: its shell, its screens (care-screens.ts) and its features. */
const CARE_SIDE =
  /[\\/]src[\\/](app[\\/]shells[\\/]care-shell\.tsx|app[\\/]care-screens\.ts|features[\\/]care[\\/])/;
/** The /login route's side: the auth shell and its screens, which must not load an area's chunk. */
const ENTRY_SIDE = /[\\/]src[\\/](app[\\/]shells[\\/]auth-shell\.tsx$|features[\\/]auth[\\/])/;

interface ModuleGraph {
  getModuleInfo(id: string): {
    importers: readonly string[];
    dynamicImporters: readonly string[];
    importedIds: readonly string[];
    isEntry: boolean;
    code: string | null;
  } | null;
}

/**
 * The area shells an app module is statically imported under, 'entry' when the entry imports it and 'auth'
 * when the auth side (the auth shell, the login and signup screens) does; a lazy screen (no static importer)
 * adds nothing. Remembered per module id.
 */
function shellsReaching(
  id: string,
  graph: ModuleGraph,
  memo: Map<string, ReadonlySet<string>>,
): ReadonlySet<string> {
  const known = memo.get(id);
  if (known) return known;
  const shells = new Set<string>();
  memo.set(id, shells); // an import cycle meets this (still filling) set instead of recursing for ever
  const info = graph.getModuleInfo(id);
  const area = AREA_SHELL.exec(id);
  if (area?.[1]) shells.add(area[1]);
  else if (!info || info.isEntry) shells.add('entry');
  else if (ENTRY_SIDE.test(id)) shells.add('auth');
  else
    for (const importer of info.importers)
      for (const shell of shellsReaching(importer, graph, memo)) shells.add(shell);
  return shells;
}
const shellsMemo = new Map<string, ReadonlySet<string>>();

/**
 * One chunk per area shell with the app modules only it imports, and one for those several area shells
 * share. Left to itself rolldown gives every combination of lazy screens sharing a module a chunk of its
 * own: a signed-in page's first load fetched 27 files after the entry, most of 1-2 KB, each a request on a
 * six-connection HTTP/1.1 link (decision 031). The entry's modules and the screens' own stay as they were.
 */
function areaShellChunk(id: string, ctx: ModuleGraph): string | null {
  if (!/[\\/]src[\\/]/.test(id) || /node_modules/.test(id)) return null;
  if (SHELLS_COMMON_PINNED.test(id)) return 'shells-common';
  // what the entry or the /login route loads stays where the entry's groups and authShellChunk put it
  const roots = lazyRoots(id, ctx, rootsMemo);
  if ([...roots].some((root) => LOGIN_ROUTE.test(root) || ctx.getModuleInfo(root)?.isEntry)) return null;
  const shells = shellsReaching(id, ctx, shellsMemo);
  if (shells.has('entry')) return null;
  const areas = [...shells].filter((shell) => shell !== 'auth');
  if (areas.length === 0) return smallSharedByScreens(id, ctx) ? 'shells-common' : null;
  // a module of an area shell that signup's or the password reset's screens import too: they load the
  // shared chunk (one file) rather than every area's pieces
  if (areas.length > 1 || shells.has('auth')) return 'shells-common';
  const [only] = areas;
  if (only === 'focus') return 'focus-shell';
  // shared by the clinic's workspace and a patient's screen (the messages' blocks, the common contracts): in
  // the care shell's chunk, the patient's screen loaded and ran the whole workspace shell with it
  if (only === 'care' && [...roots].some((root) => !CARE_SIDE.test(root))) return null;
  const focusScreenToo = [...roots].some((root) => FOCUS_SCREEN.test(root));
  return focusScreenToo ? 'shells-common' : `${only}-shell`;
}

/** The size in bytes (as built, before minifying) under which a module screens share may ride along. */
const SMALL_SHARED_BYTES = 4500;
/**
 * How many features' screens must share such a module: fewer (two) also moved the pieces a pair of features
 * share, and every signed-in page paid 4-9 KB for files only those two load.
 */
const SHARING_FEATURES = 3;
/** The libraries every area shell loads (React and the router with the entry, TanStack Query with shells-common). */
const LOADED_LIBRARY =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/;

/**
 * A small module that several patient screens share and that needs nothing the area shells do not already
 * load: it goes to `shells-common`. Left to rolldown, each set of screens sharing such modules got a chunk of
 * its own, most under 1 KB (the API resources, the view keys, the dialog pieces, the money and routing
 * helpers): the dashboard's first load fetched fifteen of them after its shell, each a request on a
 * six-connection link. In the chunk every area shell loads, they cost a few KB and no request (decision 057).
 * Remembered per module id; an import cycle counts as "no" while it is being decided.
 */
function smallSharedByScreens(id: string, ctx: ModuleGraph): boolean {
  const known = smallSharedMemo.get(id);
  if (known !== undefined) return known;
  smallSharedMemo.set(id, false);
  const info = ctx.getModuleInfo(id);
  const roots = [...lazyRoots(id, ctx, rootsMemo)];
  const shared =
    info !== null &&
    !/node_modules/.test(id) &&
    (info.code?.length ?? Number.POSITIVE_INFINITY) <= SMALL_SHARED_BYTES &&
    new Set(roots.map(featureOf)).size >= SHARING_FEATURES &&
    !roots.some((root) => ctx.getModuleInfo(root)?.isEntry || LOGIN_ROUTE.test(root)) &&
    info.importedIds.every((dep) => alreadyLoadedByShells(dep, ctx));
  smallSharedMemo.set(id, shared);
  return shared;
}
const smallSharedMemo = new Map<string, boolean>();

/** The feature folder a screen lives in (`features/labs/...` -> labs), else the module itself. */
const featureOf = (id: string): string => /[\\/]src[\\/]features[\\/]([^\\/]+)/.exec(id)?.[1] ?? id;

/** Whether every area shell's first load already holds a module (so a module of shells-common may import it). */
function alreadyLoadedByShells(id: string, ctx: ModuleGraph): boolean {
  if (/node_modules/.test(id)) return LOADED_LIBRARY.test(id);
  if (shellsReaching(id, ctx, shellsMemo).has('entry')) return true;
  return areaShellChunk(id, ctx) === 'shells-common';
}

/**
 * Domain rules the entry no longer carries (decision 049) that lazy screens of several areas import (the visit
 * review's sections and the consultation's stages: the dashboard, the visit review, the consultation shell;
 * the plans' pricing: the dashboard's protocols, the consultation's and the shop's checkouts; the identity
 * badges: the signed-in shell, the visit review and the care workspace's labels; the month names: the dashboard,
 * orders, subscriptions' billing dates and labs).
 * Left to rolldown they got a chunk of their own or the consultation shell's, a file more for the dashboard;
 * in the chunk every area shell loads they cost no request.
 */
const SHELLS_COMMON_PINNED =
  /[\\/]packages[\\/]domain[\\/]src[\\/](visits[\\/]visit-review|consultation[\\/]stages|pricing[\\/]plan-pricing|verification[\\/]badge|format[\\/]month-names)\.ts$/;

/** The modules of the /login route that React Router loads: the auth shell and the login form. */
const LOGIN_ROUTE =
  /[\\/]src[\\/](app[\\/]shells[\\/]auth-shell\.tsx|features[\\/]auth[\\/]pages[\\/]login-page\.tsx)$/;

/** The lazily loaded modules (and the entry) whose static imports reach a module. Remembered per module id. */
function lazyRoots(
  id: string,
  graph: ModuleGraph,
  memo: Map<string, ReadonlySet<string>>,
): ReadonlySet<string> {
  const known = memo.get(id);
  if (known) return known;
  const roots = new Set<string>();
  memo.set(id, roots); // an import cycle meets this (still filling) set instead of recursing for ever
  const info = graph.getModuleInfo(id);
  if (!info || info.isEntry || info.dynamicImporters.length > 0 || info.importers.length === 0) roots.add(id);
  for (const importer of info?.importers ?? [])
    for (const root of lazyRoots(importer, graph, memo)) roots.add(root);
  return roots;
}
const rootsMemo = new Map<string, ReadonlySet<string>>();

/**
 * The auth shell's chunk also holds what the login form imports that only the auth side's screens use (the
 * heading, the landing look-up, the reading of the entry's URL): rolldown gave them a chunk each, four
 * requests for /login where one does. The login form keeps its own chunk: the signup form loads without it.
 * What the login route shares with the rest of the app (the alert, fields and inputs, the form state, the
 * brand's logo, the login and logout calls) goes to one `login-shared` chunk: the signed-in shell imports
 * the logo and the logout, so every signed-in page loaded those pieces as five to ten files of under 1 KB,
 * and /login as nine (decision 050).
 */
function authShellChunk(id: string, ctx: ModuleGraph): string | null {
  if (!/[\\/]src[\\/]/.test(id) || /node_modules/.test(id) || /login-page\.tsx$/.test(id)) return null;
  const roots = [...lazyRoots(id, ctx, rootsMemo)];
  if (!roots.some((root) => LOGIN_ROUTE.test(root))) return null;
  if (roots.some((root) => ctx.getModuleInfo(root)?.isEntry)) return null;
  return roots.every((root) => ENTRY_SIDE.test(root)) ? 'auth-shell' : 'login-shared';
}

interface BundleChunk {
  type: 'chunk' | 'asset';
  imports?: readonly string[];
}
let outputBundle: Record<string, BundleChunk> = {};

/** The chunks a chunk imports statically, directly or through other chunks: loaded before it runs. */
function staticClosure(fileName: string, seen = new Set<string>()): Set<string> {
  for (const imported of outputBundle[fileName]?.imports ?? [])
    if (!seen.has(imported)) {
      seen.add(imported);
      staticClosure(imported, seen);
    }
  return seen;
}
const closureMemo = new Map<string, Set<string>>();

/**
 * A lazy import's preload list without the chunks its importer already loaded (React and the router, for
 * every screen the entry imports): the entry spelled each of them in every list, bytes on every first
 * screen for requests that never happen.
 */
function withoutLoaded(_file: string, deps: string[], { hostId }: { hostId: string }): string[] {
  let loaded = closureMemo.get(hostId);
  if (!loaded) {
    loaded = staticClosure(hostId);
    closureMemo.set(hostId, loaded);
  }
  return deps.filter((dep) => !loaded.has(dep));
}

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    versionFile(),
    {
      name: 'portal:output-bundle',
      // before Vite's own preload rewrite, which asks withoutLoaded about each lazy import
      generateBundle(_options, bundle) {
        outputBundle = bundle as unknown as Record<string, BundleChunk>;
        closureMemo.clear();
        // which file holds each app module, also those a group took out of their own chunk (the manifest
        // keys only a chunk's facade module): scripts/measure-route-js.mjs reads it
        const files: Record<string, string> = {};
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk')
            for (const id of chunk.moduleIds)
              if (id.startsWith(appRoot))
                files[path.relative(appRoot, id).split(path.sep).join('/')] = chunk.fileName;
        this.emitFile({ type: 'asset', fileName: '.vite/module-files.json', source: JSON.stringify(files) });
        // the packages each file carries, so a test can hold a library (the schemas') off a screen's first load
        const packages: Record<string, string[]> = {};
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk')
            packages[chunk.fileName] = [
              ...new Set(
                chunk.moduleIds.flatMap((id) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1] ?? []),
              ),
            ];
        this.emitFile({
          type: 'asset',
          fileName: '.vite/chunk-packages.json',
          source: JSON.stringify(packages),
        });
      },
    },
  ],
  resolve: {
    alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: {
    proxy: {
      // the API's embedded real-time server (decision 032): WebSocket upgrades at /app/{key}
      '^/app/': { target: API_ORIGIN, ws: true, changeOrigin: false },
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
    modulePreload: { resolveDependencies: withoutLoaded },
    rolldownOptions: {
      optimization: { inlineConst: true },
      output: {
        // Chunk and asset files named by their hash alone: the entry's preload lists spell every lazy chunk's
        // file and those it imports (about 200), and their names were 1.3 KB gzipped of every first screen.
        // The manifest keeps each chunk's name (measure-route-js prints it).
        chunkFileNames: 'assets/[hash:7].js',
        assetFileNames: 'assets/[hash:7][extname]',
        codeSplitting: {
          groups: [
            // React and the router, which every first screen loads, in one file: one request and one gzip
            // stream instead of pieces named after whichever app module rolldown met first (the old
            // "storage-keys" chunk was React and the router).
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // The app's modules that the entry imports statically, in the entry's own file. Left to itself
            // rolldown gave each one a lazy screen also imports a chunk of its own (session, storage keys,
            // the API error, the brand...): six more requests before any first screen could render.
            {
              name: 'index',
              tags: ['$initial'],
              test: (id: string) => !/node_modules/.test(id),
              includeDependenciesRecursively: false,
            },
            { name: authShellChunk, priority: -2, includeDependenciesRecursively: false },
            // TanStack Query apart: /login does without it (the shells that read server data provide the
            // client), every signed-in screen loads it as one file.
            // below the libraries' groups, and without the modules' dependencies: those keep their own place
            { name: areaShellChunk, priority: -1, includeDependenciesRecursively: false },
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
