#!/usr/bin/env node
/**
 * What the console's first screens load (issue 33): the JavaScript and CSS a browser fetches to
 * show /login and /features, and what every route's own chunks add, from the last renderer build
 * (dist/renderer and the manifest Vite writes next to it). Sizes raw and gzipped (zlib level 9,
 * about what a server compressing on the fly sends). Prints a table; no build is started.
 *
 *   npm run build:renderer && npm run bundle-size [-- --dir dist/renderer] [-- --all]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dirArg = args.indexOf('--dir');
const dist = path.resolve(dirArg >= 0 ? (args[dirArg + 1] ?? '') : path.join(repo, 'dist/renderer'));
const showAll = args.includes('--all');

const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`No ${path.relative(repo, manifestPath)}: run \`npm run build:renderer\` first.`);
  process.exit(1);
}
/** @type {Record<string, { file: string, imports?: string[], css?: string[], isEntry?: boolean }>} */
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

/** Where the screens' sources are in the manifest (keys are relative to the renderer folder). */
const keyOf = (source) => Object.keys(manifest).find((key) => key.endsWith(source)) ?? null;
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
/** A screen another screen also imports lives in a shared chunk named after both (`shared~A~B`). */
const sharedKeyOf = (name) =>
  (manifest[entryKey].dynamicImports ?? []).find((key) => manifest[key]?.name?.split('~').includes(name)) ??
  null;

/** Every file a chunk needs before it runs: itself, its static imports (transitively), their CSS. */
function filesOf(keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    files.add(manifest[key].file);
    for (const css of manifest[key].css ?? []) files.add(css);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return files;
}

const sizes = new Map();
function sizeOf(file) {
  if (!sizes.has(file)) {
    const bytes = fs.readFileSync(path.join(dist, file));
    sizes.set(file, { raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length });
  }
  return sizes.get(file);
}

function total(files, kind) {
  const wanted = [...files].filter((file) => file.endsWith(kind));
  return wanted.reduce(
    (sum, file) => ({
      raw: sum.raw + sizeOf(file).raw,
      gzip: sum.gzip + sizeOf(file).gzip,
      count: sum.count + 1,
    }),
    { raw: 0, gzip: 0, count: 0 },
  );
}

/** The route table's screens: `path: '/x'` with `screen: screens.Name`, and where Name is imported from. */
function routeScreens() {
  const appDir = path.join(repo, 'renderer/src/app');
  const routes = fs.readFileSync(path.join(appDir, 'routes.tsx'), 'utf8');
  const screens = fs.readFileSync(path.join(appDir, 'screens.ts'), 'utf8');
  const sourceOf = new Map(
    [...screens.matchAll(/export const (\w+)\b[^;]*?import\('\.\.\/([^']+)'\)/gs)].map((m) => [
      m[1],
      `src/${m[2]}.tsx`,
    ]),
  );
  return [...routes.matchAll(/^\s+path: '(\/[^']*)',$[\s\S]*?screen: screens\.(\w+),/gm)].map((m) => ({
    path: m[1],
    name: m[2],
    source: sourceOf.get(m[2]) ?? null,
  }));
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = [];
function row(label, keys) {
  const files = filesOf(keys);
  const js = total(files, '.js');
  const css = total(files, '.css');
  rows.push([label, String(js.count), kb(js.raw), kb(js.gzip), kb(css.gzip)]);
  return js;
}

// /login: the entry alone (the sign-in screen is part of it); a screen: the entry and its chunk.
const login = row('/login', [entryKey]);
const screens = routeScreens();
const budget = 300 * 1024;
let worst = login.gzip;
for (const screen of screens) {
  if (!showAll && screen.path !== '/features') continue;
  const key = (screen.source && keyOf(screen.source)) ?? sharedKeyOf(screen.name);
  // A build without code splitting (before issue 33) has every screen in the entry.
  const single = (manifest[entryKey].dynamicImports ?? []).length === 0;
  if (!key && !single) {
    rows.push([screen.path, '?', 'not in the manifest', '', '']);
    continue;
  }
  worst = Math.max(worst, row(screen.path, key ? [entryKey, key] : [entryKey]).gzip);
}
const everything = Object.values(manifest).map((chunk) => chunk.file);
const all = total(new Set(everything), '.js');
rows.push(['(every chunk)', String(all.count), kb(all.raw), kb(all.gzip), '']);

const header = ['first screen', 'JS files', 'JS raw', 'JS gzip', 'CSS gzip'];
const widths = header.map((title, i) => Math.max(title.length, ...rows.map((r) => r[i].length)));
const line = (cells) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows) console.log(line(r));
console.log(`\nBudget: ${kb(budget)} of gzipped JS for a first screen; largest here ${kb(worst)}.`);
if (args.includes('--check') && worst > budget) process.exit(1);
