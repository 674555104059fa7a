import process from 'node:process';
import type { Plugin } from 'vite';

/**
 * The version file of 002 §7.9, §4.10: each build is a version (BUILD_VERSION, else the time of the build),
 * written to `version.json` beside index.html and compiled into the app as `__APP_VERSION__`, so a page knows
 * when the server has a newer build than the one it runs.
 */
export function versionFile(version = process.env.BUILD_VERSION || new Date().toISOString()): Plugin {
  return {
    name: 'portal-version-file',
    config: () => ({ define: { __APP_VERSION__: JSON.stringify(version) } }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify({ version })}\n` });
    },
  };
}
