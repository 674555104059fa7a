// node apps/api/bench/profile-summary.mjs <file.cpuprofile> [top] [windows.json|-] [callers-of-function]
// Self time of a V8 CPU profile by package and by function; with the windows bench:cost writes, only the
// measured phases count; with a function's name, the call stacks that spent its self time.
import { readFileSync } from 'node:fs';

const [file, topArg, windowsFile, callersOf] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const top = Number(topArg ?? 40);
const windows = windowsFile && windowsFile !== '-' ? JSON.parse(readFileSync(windowsFile, 'utf8')) : null;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const self = new Map();
let at = profile.startTime;
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  if (windows && !windows.some(([from, to]) => at >= from && at <= to)) continue;
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + delta);
  total += delta;
}
const packageOf = ({ url, functionName }) =>
  url.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1] ??
  (url.includes('dist/')
    ? 'app'
    : url.startsWith('node:')
      ? `node:${url.slice(5).split('/')[0]}`
      : url || functionName);
const nameOf = (n) =>
  `${n.callFrame.functionName || '(anonymous)'} ${packageOf(n.callFrame)}:${n.callFrame.lineNumber}`;

const byFunction = new Map();
const byPackage = new Map();
const callers = new Map();
const add = (map, key, t) => map.set(key, (map.get(key) ?? 0) + t);
for (const [id, t] of self) {
  const node = byId.get(id);
  add(byFunction, nameOf(node), t);
  add(byPackage, packageOf(node.callFrame), t);
  if (callersOf && nameOf(node).startsWith(callersOf)) {
    const stack = [];
    for (let c = id; stack.length < 12 && parent.has(c); ) {
      c = parent.get(c);
      stack.push(nameOf(byId.get(c)));
    }
    add(callers, stack.join(' < '), t);
  }
}
const print = (map, n) => {
  for (const [name, t] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n))
    console.info(
      `${(t / 1000).toFixed(0).padStart(8)} ms ${((100 * t) / total).toFixed(1).padStart(5)}%  ${name}`,
    );
};
console.info(`total ${(total / 1000).toFixed(0)} ms`);
if (callersOf) print(callers, 15);
else {
  console.info('--- by package');
  print(byPackage, 25);
  console.info('--- by function');
  print(byFunction, top);
}
