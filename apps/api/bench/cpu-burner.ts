/**
 * "Another process keeps the cores busy" (issue 10 §3): a second Node process with one spinning thread per
 * core, started for a phase of the bench and killed after it. The server then shares every core with it,
 * as on a machine where other work runs.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const SPIN = `
const { Worker } = require('node:worker_threads');
const spin = 'for (;;) { Math.sqrt(Math.random()); }';
for (let i = 1; i < ${availableParallelism()}; i++) new Worker(spin, { eval: true });
for (;;) { Math.sqrt(Math.random()); }
`;

export function startCpuBurner(): { pid: number | undefined; stop: () => Promise<void> } {
  const proc = spawn(process.execPath, ['-e', SPIN], { stdio: 'ignore' });
  // a bench that dies must not leave it spinning
  const onExit = () => proc.kill('SIGKILL');
  process.once('exit', onExit);
  return {
    pid: proc.pid,
    async stop() {
      process.off('exit', onExit);
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const gone = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill('SIGKILL');
      await gone;
    },
  };
}
