import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    // sized for a busy 2-core machine; single waits are bounded by the page defaults in support/browser.ts
    testTimeout: 120_000,
    hookTimeout: 180_000,
    expect: { poll: { timeout: 20_000, interval: 100 } },
    reporters: ['default', 'json'],
    outputFile: { json: path.resolve(import.meta.dirname, '../test-results/e2e.json') },
  },
});
