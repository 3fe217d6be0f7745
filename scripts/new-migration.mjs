// `npm run db:new -- <what>`: creates a timestamped migration and registers it in migrations/index.ts.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const what = process.argv
  .slice(2)
  .join('-')
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, '-')
  .replace(/^-|-$/g, '');
if (!what) {
  console.error('usage: npm run db:new -- <what the migration does>');
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
const name = `${stamp}_${what.replaceAll('-', '_')}`;
const root = path.resolve(import.meta.dirname, '..');
const file = path.join(root, 'migrations', `${name}.ts`);
if (existsSync(file)) {
  console.error(`${file} exists already`);
  process.exit(1);
}
writeFileSync(
  file,
  `import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('example').addColumn('id', 'text', (c) => c.primaryKey()).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('example').execute();
}
`,
);
const indexFile = path.join(root, 'migrations', 'index.ts');
const identifier = `m${stamp}`;
let index = readFileSync(indexFile, 'utf8');
index = index.replace(
  /(import \* as [^\n]+\n)(?![\s\S]*import \* as)/,
  `$1import * as ${identifier} from './${name}';\n`,
);
index = index.replace(/\n};\s*$/, `\n  '${name}': ${identifier},\n};\n`);
writeFileSync(indexFile, index);
console.log(`created migrations/${name}.ts and registered it in migrations/index.ts`);
