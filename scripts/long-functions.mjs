#!/usr/bin/env node
// Lists functions longer than the house limit (shared/STYLE.md, issue 32 §2: none over 80 lines):
// every function-like (declarations, methods, accessors, constructors, arrow functions and function
// expressions, React components included) of the production sources, read with the TypeScript
// parser so that strings, comments and JSX never confuse the count. A nested function counts on
// its own and inside its parent, as a reader sees it.
//
//   npm run long-functions                  # server/src, main, renderer/src; over 80 lines
//   npm run long-functions -- --max 60      # another limit
//   npm run long-functions -- server/src    # only some folders
//   npm run long-functions -- --tests       # test files too (left out by default)
//   npm run long-functions -- --fail        # exit 1 when there is one (npm test's static checks)
//
// Prints `file:line name lines`, longest first, then the count per folder. Exits 0 (a report)
// unless --fail is given and a function is over the limit.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
let max = 80;
let withTests = false;
let failOnFound = false;
const folders = [];
for (let i = 0; i < args.length; i += 1) {
  if (args[i] === '--max') max = Number(args[++i]);
  else if (args[i] === '--tests') withTests = true;
  else if (args[i] === '--fail') failOnFound = true;
  else folders.push(args[i]);
}
if (!Number.isInteger(max) || max < 1) {
  console.error('--max takes a positive whole number of lines');
  process.exit(2);
}
if (folders.length === 0) folders.push('server/src', 'main', 'renderer/src');

const isTest = (path) =>
  /\.test\.tsx?$/.test(path) || /(^|[/-])(test-utils|test-server|__tests__)([/.])/.test(path);

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

/** A readable name for a function-like: its own name, or what it is assigned or passed to. */
function nameOf(node, source) {
  if (node.name) return node.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (
    ts.isVariableDeclaration(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isPropertyDeclaration(parent)
  ) {
    return parent.name.getText(source);
  }
  if (ts.isExportAssignment(parent)) return 'default export';
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(source).replace(/\s+/g, '');
    // A wrapped component (memo, forwardRef) or hook callback takes the name of what holds the call.
    const holder = parent.parent;
    if (ts.isVariableDeclaration(holder)) return `${holder.name.getText(source)} (${callee.slice(0, 40)})`;
    return `<callback of ${callee.slice(0, 60)}>`;
  }
  return '<anonymous>';
}

const isFunctionLike = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isArrowFunction(node) ||
  ts.isFunctionExpression(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

const found = [];
const perFolder = new Map(folders.map((folder) => [folder, 0]));
for (const folder of folders) {
  for (const file of sourceFiles(join(root, folder))) {
    const path = relative(root, file).split('\\').join('/');
    if (!withTests && isTest(path)) continue;
    const text = readFileSync(file, 'utf8');
    const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
    const visit = (node) => {
      if (isFunctionLike(node) && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
        const lines = end - start + 1;
        if (lines > max) {
          found.push({ path, start, name: nameOf(node, source), lines });
          perFolder.set(folder, perFolder.get(folder) + 1);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

found.sort((a, b) => b.lines - a.lines || a.path.localeCompare(b.path) || a.start - b.start);
for (const f of found) console.log(`${f.path}:${f.start} ${f.name} ${f.lines}`);
console.log(
  `\n${found.length} function${found.length === 1 ? '' : 's'} over ${max} lines` +
    ` (${[...perFolder].map(([folder, n]) => `${folder}: ${n}`).join(', ')})`,
);
if (failOnFound && found.length > 0) process.exit(1);
