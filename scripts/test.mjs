// The README's test command: every tier in turn, each timed. Type checks and lint run side by side (they
// are light); the test tiers run one after another, each spread over the machine's cores by Vitest.
// Writes test-results/timings.json, which the CI summary prints. Stops at the first tier that fails.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

const file = 'test-results/timings.json';
const tiers = [
  {
    name: 'typecheck and lint',
    parallel: [
      'npx tsc -p packages/domain',
      'npx tsc -p apps/api',
      'npx tsc -p apps/web',
      'npx tsc -p e2e',
      'npm run lint',
    ],
  },
  { name: 'unit (domain, web)', run: 'npm run test:unit' },
  { name: 'API (embedded PGlite)', run: 'npm run test:api' },
  { name: 'browser (build, Chromium)', run: 'npm run test:e2e' },
];

function sh(command) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** Runs up to two commands at a time (the machine's two cores); answers the first failing exit code. */
async function pooled(commands, width = 2) {
  const queue = [...commands];
  let failed = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (queue.length) {
        const command = queue.shift();
        const code = await sh(command);
        if (code !== 0) {
          console.error(`failed: ${command}`);
          failed = code;
        }
      }
    }),
  );
  return failed;
}

mkdirSync('test-results', { recursive: true });
const timings = [];
let exit = 0;
for (const tier of tiers) {
  console.info(`\n== ${tier.name} ==`);
  const started = performance.now();
  const code = tier.parallel ? await pooled(tier.parallel) : await sh(tier.run);
  timings.push({
    tier: tier.name,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    ok: code === 0,
  });
  if (code !== 0) {
    exit = code;
    break;
  }
}
writeFileSync(file, JSON.stringify(timings, null, 2));
for (const t of timings) console.info(`${t.tier}: ${t.seconds} s${t.ok ? '' : ' (failed)'}`);
process.exit(exit);
