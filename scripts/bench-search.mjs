// Flag search with 10,000 flags (issue 4): a measurement, not a timed test.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench-search.mjs [flags] [runs]
// Creates a scratch database, migrates it, writes the flags in bulk, then times typical
// `GET /api/admin/search/features` requests through the real app (app.inject, no network) and
// prints median and p95 per query. The scratch database is dropped at the end.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../server/src/app/build-app.ts';
import { loadConfig } from '../server/src/config.ts';
import { createDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrator.ts';
import { createLogger } from '../server/src/lib/logger.ts';

const FLAGS = Number(process.argv[2] ?? 10_000);
const RUNS = Number(process.argv[3] ?? 30);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('set DATABASE_URL to a PostgreSQL database allowed to CREATE DATABASE');
  process.exit(2);
}

const name = `sy_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = createDatabase(url.toString());

try {
  await migrateToLatest(database.db);
  const started = performance.now();
  await database.pool.query(`
    insert into projects (id, name) select 'project-' || i, 'Project ' || i from generate_series(1, 20) i;
    insert into project_environments (project_id, environment_name)
      select p.id, e.name from projects p cross join environments e where p.id like 'project-%';
    insert into tag_types (name) values ('team');
    insert into tags (type, value) select 'team', 'team-' || i from generate_series(1, 50) i;
    insert into features (name, project, type, description, stale, created_at, created_by)
      select 'flag-' || lpad(i::text, 6, '0'),
             case when i % 4 = 0 then 'default' else 'project-' || (i % 20 + 1) end,
             (array['release','experiment','operational','kill-switch','permission'])[i % 5 + 1],
             'description of flag number ' || i,
             i % 17 = 0,
             now() - (i || ' minutes')::interval,
             'bench'
      from generate_series(1, ${FLAGS}) i;
    insert into feature_environments (feature_name, environment, enabled)
      select f.name, e.name, (hashtext(f.name || e.name) % 3 = 0)
      from features f cross join environments e;
    insert into feature_strategies (id, feature_name, project_name, environment, strategy_name, parameters, sort_order)
      select md5(f.name || e.name), f.name, f.project, e.name, 'flexibleRollout',
             jsonb_build_object('rollout', '50', 'stickiness', 'default', 'groupId', f.name), 0
      from features f cross join environments e where hashtext(f.name) % 2 = 0;
    insert into feature_tag (feature_name, tag_type, tag_value)
      select name, 'team', 'team-' || (abs(hashtext(name)) % 50 + 1) from features where hashtext(name) % 3 = 0
      on conflict do nothing;
    analyze;
  `);
  console.log(`seeded ${FLAGS} flags in ${Math.round(performance.now() - started)} ms`);

  const config = {
    ...loadConfig({ INIT_ADMIN_API_TOKENS: '*:*.bench-search-admin-token' }),
    databaseUrl: url.toString(),
  };
  const app = await buildApp({ config, db: database.db, logger: createLogger('silent') });
  await app.ready();
  const token = config.initApiTokens.admin[0];
  const headers = token ? { authorization: token } : {};
  const queries = [
    '',
    '?limit=50&offset=5000',
    '?query=number%2012',
    '?project=IS_ANY_OF:default,project-3&type=IS:release',
    '?tag=INCLUDE:team:team-7',
    '?state=IS:stale&sortBy=name&sortOrder=desc',
    '?status=IS:production:enabled&sortBy=environment:production',
    '?lifecycle=IS:live&limit=100',
  ];
  console.log('query'.padEnd(66), 'total', 'median ms', 'p95 ms');
  for (const query of queries) {
    const times = [];
    let total = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const t0 = performance.now();
      const response = await app.inject({
        method: 'GET',
        url: `/api/admin/search/features${query}`,
        headers,
      });
      times.push(performance.now() - t0);
      if (response.statusCode !== 200) throw new Error(`${query}: ${response.statusCode} ${response.body}`);
      total = JSON.parse(response.body).total;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))];
    console.log(
      (query || '(default)').padEnd(66),
      String(total).padStart(5),
      median.toFixed(1).padStart(9),
      p95.toFixed(1).padStart(6),
    );
  }
  await app.close();
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
