#!/usr/bin/env node
// Layer rule of server/src/features/README.md that dependency-cruiser cannot see: only stores
// (`*-store.ts`) and server/src/db/ run SQL. A query is recognised by kysely's query builders and
// the `sql` template tag. Prints each offending line; exits 1 when there is one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const scanned = join(root, 'server', 'src');
const allowed = (path) =>
  /\.test\.ts$/.test(path) || /-store\.ts$/.test(path) || path.startsWith('server/src/db/');
const query =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\(|\bsql(<[^>]*>)?`|\bsql\.(raw|ref|table|id|lit|join)\(/;

function* tsFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* tsFiles(path);
    else if (name.endsWith('.ts')) yield path;
  }
}

const offences = [];
for (const file of tsFiles(scanned)) {
  const path = relative(root, file).split('\\').join('/');
  if (allowed(path)) continue;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (query.test(line)) offences.push(`${path}:${index + 1}: ${line.trim()}`);
    });
}
if (offences.length > 0) {
  console.error(`SQL outside a store (${offences.length} lines; move them into a *-store.ts):`);
  for (const offence of offences) console.error(`  ${offence}`);
  process.exit(1);
}
console.log('✔ SQL only in stores and server/src/db');
