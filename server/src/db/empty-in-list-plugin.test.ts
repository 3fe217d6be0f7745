import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { EmptyInListPlugin } from './empty-in-list-plugin';

interface Tables {
  features: { name: string; project: string };
}

const db = new Kysely<Tables>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (inner) => new PostgresIntrospector(inner),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  plugins: [new EmptyInListPlugin()],
});

describe('EmptyInListPlugin', () => {
  it('writes an empty `in` as false and an empty `not in` as true instead of invalid `in ()`', () => {
    const none = db.selectFrom('features').selectAll().where('name', 'in', []).compile();
    expect(none.sql).toBe('select * from "features" where 1 = 0');
    const all = db.selectFrom('features').selectAll().where('name', 'not in', []).compile();
    expect(all.sql).toBe('select * from "features" where 1 = 1');
    const update = db.updateTable('features').set({ project: 'p' }).where('name', 'in', []).compile();
    expect(update.sql).toBe('update "features" set "project" = $1 where 1 = 0');
  });

  it('leaves non-empty lists alone', () => {
    const query = db
      .selectFrom('features')
      .selectAll()
      .where((eb) => eb.and([eb('name', 'in', ['a', 'b']), eb('project', 'not in', ['x'])]))
      .compile();
    expect(query.sql).toBe('select * from "features" where ("name" in ($1, $2) and "project" not in ($3))');
    expect(query.parameters).toEqual(['a', 'b', 'x']);
  });
});
