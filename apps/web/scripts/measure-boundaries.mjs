// Measures the web app's feature boundaries (decision 011):
//   node apps/web/scripts/measure-boundaries.mjs [--list]
// - cross-feature imports: an import (static, type-only, side-effect, re-export, dynamic import(), vi.mock,
//   vi.importActual) in src/features/<a>/ that resolves into src/features/<b>/, code and CSS told apart;
// - feature cycles: strongly connected groups of the feature graph those imports make, and file cycles:
//   strongly connected groups of the file graph of src/;
// - barrel files: index.ts(x) files that only re-export;
// - endpoint wrappers: calls of apiRequest/apiFetch by method and path (path parameters as {}); an endpoint
//   called from more than one place is wrapped more than once;
// - literal query keys: `queryKey: [...]` written outside src/api/ (and outside any api/ folder, as the old
//   feature-local api/ folders were).
// --list prints every finding, not only the counts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src');
const list = process.argv.includes('--list');

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const files = walk(src);
const rel = (path) => relative(src, path);

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const featureOf = (path) => /^features\/([^/]+)\//.exec(rel(path))?.[1] ?? null;

/** Evaluates a path argument to a string with {} for each parameter, or null when it is not written out. */
function pathText(node, sourceFile, bindings = new Map()) {
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    let text = node.head.text;
    for (const span of node.templateSpans) {
      const inner =
        ts.isIdentifier(span.expression) && bindings.has(span.expression.text)
          ? bindings.get(span.expression.text)
          : '{}';
      text += inner + span.literal.text;
    }
    return text;
  }
  // A local helper such as userPath(userId, '/suffix'): its template with the literal arguments filled in.
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
    const helper = findLocalArrow(sourceFile, node.expression.text);
    if (!helper) return null;
    const local = new Map();
    helper.parameters.forEach((parameter, index) => {
      const argument = node.arguments[index] ?? parameter.initializer;
      const name = parameter.name.getText(sourceFile);
      local.set(name, argument && ts.isStringLiteralLike(argument) ? argument.text : '{}');
    });
    return ts.isExpression(helper.body) ? pathText(helper.body, sourceFile, local) : null;
  }
  return null;
}

function findLocalArrow(sourceFile, name) {
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (
        ts.isIdentifier(declaration.name) &&
        declaration.name.text === name &&
        declaration.initializer &&
        ts.isArrowFunction(declaration.initializer)
      )
        return declaration.initializer;
    }
  }
  return null;
}

const edges = []; // { from, to, specifier, css }
const wrappers = []; // { endpoint, file, line, type }
const literalKeys = []; // { file, line, text }
const barrels = [];

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const line = (node) => sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
  const addEdge = (specifier) => {
    const to = resolveImport(file, specifier);
    const css = specifier.endsWith('.css');
    const target = css && specifier.startsWith('.') ? resolve(dirname(file), specifier) : to;
    if (target) edges.push({ from: file, to: target, specifier, css });
  };

  const isTest = /\.test\.tsx?$/.test(file);
  if (/(^|\/)index\.tsx?$/.test(file) && sourceFile.statements.every((s) => ts.isExportDeclaration(s)))
    barrels.push(rel(file));

  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      addEdge(node.moduleSpecifier.text);
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(sourceFile);
      const first = node.arguments[0];
      if (
        (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
          ['vi.mock', 'vi.doMock', 'vi.importActual'].includes(callee)) &&
        first &&
        ts.isStringLiteralLike(first)
      )
        addEdge(first.text);
      if (
        !isTest &&
        (callee === 'apiRequest' || callee === 'apiFetch') &&
        rel(file) !== 'lib/api-client.ts'
      ) {
        const path = first && pathText(first, sourceFile);
        if (path) {
          const options = node.arguments[1];
          let method = 'GET';
          if (options && ts.isObjectLiteralExpression(options)) {
            for (const property of options.properties) {
              if (
                ts.isPropertyAssignment(property) &&
                property.name.getText(sourceFile) === 'method' &&
                ts.isStringLiteralLike(property.initializer)
              )
                method = property.initializer.text;
            }
          }
          const type =
            node.typeArguments?.[0]?.getText(sourceFile) ?? (callee === 'apiFetch' ? 'Response' : '?');
          wrappers.push({ endpoint: `${method} ${path}`, file: rel(file), line: line(node), type });
        }
      }
    }
    if (
      !isTest &&
      ts.isPropertyAssignment(node) &&
      node.name.getText(sourceFile) === 'queryKey' &&
      ts.isArrayLiteralExpression(
        ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer,
      )
    )
      literalKeys.push({ file: rel(file), line: line(node), text: node.initializer.getText(sourceFile) });
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
}

// Cross-feature imports and the feature graph.
const cross = edges.filter((e) => {
  const a = featureOf(e.from);
  const b = featureOf(e.to);
  return a && b && a !== b;
});
const featureGraph = new Map();
for (const e of cross) {
  const a = featureOf(e.from);
  if (!featureGraph.has(a)) featureGraph.set(a, new Set());
  featureGraph.get(a).add(featureOf(e.to));
}
const fileGraph = new Map();
for (const e of edges) {
  if (e.css) continue;
  if (!fileGraph.has(e.from)) fileGraph.set(e.from, new Set());
  fileGraph.get(e.from).add(e.to);
}

/** Tarjan's strongly connected components with more than one member. */
function cycles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const connect = (v) => {
    indices.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indices.get(w)));
    }
    if (low.get(v) === indices.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) connect(v);
  return found;
}

const featureCycles = cycles(featureGraph);
const fileCycles = cycles(fileGraph);

const byEndpoint = new Map();
for (const w of wrappers) {
  if (!byEndpoint.has(w.endpoint)) byEndpoint.set(w.endpoint, []);
  byEndpoint.get(w.endpoint).push(w);
}
const duplicated = [...byEndpoint].filter(([, calls]) => calls.length > 1);

const features = readdirSync(join(src, 'features')).filter((name) =>
  statSync(join(src, 'features', name)).isDirectory(),
);
const involved = new Set(cross.flatMap((e) => [featureOf(e.from), featureOf(e.to)]));

console.info(`feature folders: ${features.length}`);
console.info(
  `cross-feature imports: ${cross.filter((e) => !e.css).length} code + ${cross.filter((e) => e.css).length} CSS, across ${involved.size} features`,
);
console.info(`feature cycles: ${featureCycles.length}; file cycles: ${fileCycles.length}`);
console.info(`barrel files: ${barrels.length}`);
console.info(
  `endpoints wrapped more than once: ${duplicated.length} (${duplicated.reduce((n, [, c]) => n + c.length - 1, 0)} extra wrappers) of ${byEndpoint.size} endpoints in ${wrappers.length} calls`,
);
const outsideApi = literalKeys.filter((k) => !k.file.startsWith('api/'));
const outsideAnyApi = literalKeys.filter((k) => !/(^|\/)api\//.test(k.file));
console.info(
  `literal query keys outside src/api/: ${outsideApi.length} (outside any api/ folder: ${outsideAnyApi.length})`,
);

if (list) {
  console.info('\n# cross-feature imports');
  for (const e of cross) console.info(`${rel(e.from)} -> ${e.specifier}`);
  console.info('\n# feature cycles');
  for (const c of featureCycles) console.info(c.join(' <-> '));
  console.info('\n# file cycles');
  for (const c of fileCycles) console.info(c.map(rel).join(' <-> '));
  console.info('\n# barrel files');
  for (const b of barrels) console.info(b);
  console.info('\n# endpoints wrapped more than once');
  for (const [endpoint, calls] of duplicated)
    console.info(`${endpoint}\n${calls.map((c) => `    ${c.file}:${c.line} <${c.type}>`).join('\n')}`);
  console.info('\n# literal query keys');
  for (const k of outsideApi) console.info(`${k.file}:${k.line} ${k.text.replace(/\s+/g, ' ')}`);
}
