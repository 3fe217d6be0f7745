import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GENERATED_SCHEMA_PATH, generateSchemaTypes } from '../../server/src/db/schema-codegen';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

/** The first line where two texts part, numbered from 1, for a message a person can act on. */
function firstDifference(expected: string, actual: string): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: checked in ${JSON.stringify(a[at] ?? '<end of file>')}, generated ${JSON.stringify(b[at] ?? '<end of file>')}`;
}

describe('generated table types', () => {
  let database: TestDatabase | undefined;
  let scratch: string | undefined;
  afterAll(async () => {
    await database?.drop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('schema.generated.ts is what kysely-codegen reads from the migrated database', async () => {
    database = await createTestDatabase();
    scratch = await mkdtemp(path.join(os.tmpdir(), 'switchyard-db-types-'));
    const regenerated = path.join(scratch, 'schema.generated.ts');
    await writeFile(regenerated, await generateSchemaTypes(database.db));
    const checkedIn = await readFile(path.resolve(GENERATED_SCHEMA_PATH), 'utf8');
    const generated = await readFile(regenerated, 'utf8');
    expect(generated.length, 'the generator printed no tables').toBeGreaterThan(1000);
    expect(
      generated === checkedIn,
      `${GENERATED_SCHEMA_PATH} is out of date with the migrations; run \`npm run db:types\` and commit the result (${firstDifference(checkedIn, generated)}; regenerated copy: ${regenerated})`,
    ).toBe(true);
  });
});
