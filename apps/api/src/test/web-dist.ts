import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The smallest built web app the server can serve: index.html with the brand marker, one hashed script. */
const INDEX_HTML =
  '<!doctype html><html><head><!--portal-brand--></head><body><div id="root"></div></body></html>';

/**
 * A built web app in a temporary folder, for tests of how the server serves pages and files (WEB_DIST).
 * `files` adds more, by path inside the folder. `remove` deletes it.
 */
export function createWebDist(files: Record<string, string> = {}): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app")');
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
