import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { snapshotBuild, startPortal } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
    outboxDir: string;
    smsOutboxDir: string;
    artifactsDir: string;
    buildDir: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return;
  }
  throw new Error(`Chromium not found at ${CHROMIUM}: install it with 'apt-get install -y chromium'.`);
}

/**
 * Starts the built portal on a fresh embedded database, as a patient's browser would reach it, on a free
 * port (or E2E_PORT), so two runs on one machine never share a server, from a copy of the build taken
 * now, so a rebuild during the run changes nothing under it.
 */
export default async function setup(project: TestProject) {
  ensureChromium();
  const buildDir = snapshotBuild();
  const pinned = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : undefined;
  const portal = await startPortal(buildDir, pinned === undefined ? {} : { port: pinned }).catch(
    (error: unknown) => {
      rmSync(buildDir, { recursive: true, force: true });
      throw error;
    },
  );
  project.provide('baseUrl', `http://localhost:${portal.port}`);
  project.provide('port', portal.port);
  project.provide('outboxDir', portal.outboxDir);
  project.provide('smsOutboxDir', portal.smsOutboxDir);
  project.provide('artifactsDir', path.join(ROOT, 'test-results/e2e'));
  // tests that need a portal of their own start it from the same copy of the build
  project.provide('buildDir', buildDir);
  return async () => {
    await portal.stop();
    rmSync(buildDir, { recursive: true, force: true });
  };
}
