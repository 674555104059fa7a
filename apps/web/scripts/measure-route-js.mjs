// Measures the gzipped JavaScript a route loads: the entry chunk, its static imports, and the lazy chunks
// (with their static imports) of the route's modules. Run after `npm run build -w @portal/web`:
//   node apps/web/scripts/measure-route-js.mjs [--dist <dir>] [--budget <KB>] [module ...]
// Default modules: the /login route (auth shell + login page). Budget: 120 KB (issue 10; React and the router alone are about 100 KB).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
// --dist compares a build made elsewhere (`vite build --outDir`) without touching the served one
const distAt = args.indexOf('--dist');
const dist =
  distAt >= 0
    ? resolve(args.splice(distAt, 2)[1] ?? '')
    : join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
// --budget KB: the route's budget (default the /login route's)
const budgetAt = args.indexOf('--budget');
const budgetKb = budgetAt >= 0 ? Number(args.splice(budgetAt, 2)[1]) : 120;
const modules = args;
const routeModules = modules.length
  ? modules
  : ['src/app/shells/auth-shell.tsx', 'src/features/auth/pages/login-page.tsx'];
const BUDGET = budgetKb * 1024;

// A module that a chunk group took out of a chunk of its own (the auth shell) is no key of the manifest: the
// build's module-files.json tells which file holds it.
const moduleFiles = JSON.parse(readFileSync(join(dist, '.vite', 'module-files.json'), 'utf8'));
const keyOfFile = (file) => Object.keys(manifest).find((key) => manifest[key].file === file);

// file -> the chunk's name (the files are named by their hash alone)
const files = new Map();
function collect(key) {
  const chunk = manifest[key] ?? manifest[keyOfFile(moduleFiles[key])];
  if (!chunk) throw new Error(`No chunk for ${key} in the manifest`);
  if (files.has(chunk.file)) return;
  files.set(chunk.file, chunk.name ?? '');
  for (const imported of chunk.imports ?? []) collect(imported);
}

collect('index.html');
for (const key of routeModules) collect(key);

let total = 0;
for (const [file, name] of [...files].sort((a, b) => a[1].localeCompare(b[1]))) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.info(`${(size / 1024).toFixed(2).padStart(8)} KB  ${name.padEnd(16)} ${file}`);
}
console.info(`${(total / 1024).toFixed(2).padStart(8)} KB  total gzipped JS (budget ${BUDGET / 1024} KB)`);
if (total > BUDGET) {
  console.error('Over budget.');
  process.exitCode = 1;
}
