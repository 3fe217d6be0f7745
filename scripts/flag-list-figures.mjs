// `npm run figures:flag-list [-- --no-build] [-- --runs=7]`: the flag list with 10,000 flags in
// Chromium (issue 33), a measurement, not a timed test. Builds the server and the console (unless
// --no-build), starts the server on a scratch database, imports 10,000 flags in one request, signs in
// to the console in Debian's Chromium and prints, as medians over the runs (ms, measured in the page
// from the navigation or the filter change until the list shows the new rows):
//   - render: /features opened from another screen (first time: its chunk and the query; again: cached);
//   - filter: a search, a type filter and a sort applied (the URL the filter bar writes);
//   - typing: a search typed into the box, the 300 ms pause the box waits for included.
// The list is searched and paged on the server (50 rows a page), so the page draws 50 rows whatever
// the flag count: the rows in the DOM are printed too.
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { api, argv, cleanup, createScratchDatabase, log, root, startServer } from './bench/harness.mjs';
import { importerToken, importFile } from './bench/import-scenario.mjs';

const FLAGS = 10_000;
const RUNS = Number(argv.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 5);
const PASSWORD = 'Bench-Passw0rd!';
const TYPES = ['release', 'experiment', 'operational'];

function build() {
  for (const [label, args] of [
    ['dist/server', ['scripts/build-server.mjs']],
    [
      'dist/renderer',
      ['node_modules/vite/bin/vite.js', 'build', '-c', 'renderer/vite.config.ts', '--logLevel', 'warn'],
    ],
  ]) {
    log(`building ${label}`);
    const result = spawnSync(process.execPath, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error(`${label} build failed`);
  }
}

/** 10,000 flags in the project `big`, of three types, through the import API (one transaction). */
async function seed(base) {
  const call = api(base);
  await call('POST', '/api/admin/projects', { id: 'big', name: 'Big project' });
  const token = await importerToken(base, call);
  const data = importFile(FLAGS);
  data.features = data.features.map((feature, i) => ({ ...feature, type: TYPES[i % TYPES.length] }));
  const response = await fetch(`${base}/api/admin/features-batch/import`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ project: 'big', environment: 'development', data }),
  });
  if (!response.ok) throw new Error(`import: ${response.status} ${(await response.text()).slice(0, 300)}`);
}

/**
 * In the page: follows `to` as the console's links do (a history entry), or runs the typing, and
 * answers the milliseconds until the list's count line changed and the frame after it was drawn.
 */
function timedChange({ to, type }) {
  const count = () => document.querySelector('[data-testid="flag-count"]')?.textContent ?? '';
  const before = count();
  return new Promise((resolve) => {
    const started = performance.now();
    if (to) {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    } else {
      const input = document.querySelector('input[placeholder="Name or description"]');
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      setValue.call(input, type);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    const check = () => {
      const now = count();
      if (now && now !== before && document.querySelector('main[data-pathname="/features"]')) {
        requestAnimationFrame(() =>
          setTimeout(() =>
            resolve({
              ms: performance.now() - started,
              count: now,
              rows: document.querySelectorAll('main table tbody tr').length,
            }),
          ),
        );
      } else if (performance.now() - started > 30_000) {
        resolve({
          ms: Number.NaN,
          count: `no change in 30 s at ${location.pathname}${location.search}: "${now}"`,
          rows: 0,
        });
      } else requestAnimationFrame(check);
    };
    check();
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(page, label, steps) {
  const results = [];
  for (let run = 0; run < RUNS; run++) {
    for (const [prepare, change] of steps(run)) {
      if (prepare) await page.evaluate(timedChange, prepare).catch(() => undefined);
      results.push(await page.evaluate(timedChange, change));
    }
  }
  const ms = results.map((result) => result.ms);
  return {
    label,
    median: median(ms),
    max: Math.max(...ms),
    runs: ms.length,
    rows: results.at(-1).rows,
    count: results.at(-1).count,
  };
}

async function main() {
  if (!argv.includes('--no-build')) build();
  const server = await startServer(await createScratchDatabase());
  log(`server at ${server.url}; importing ${FLAGS.toLocaleString()} flags`);
  const seeded = performance.now();
  await seed(server.url);
  log(`imported in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username or e-mail').fill('bench-importer');
    await page.locator('input[type="password"][autocomplete="current-password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('user-menu').waitFor({ timeout: 30_000 });

    const rows = [];
    const away = { to: '/personal' };
    // The first opening loads the screen's chunk and asks the server; a sort per run keeps it uncached.
    const sorts = ['name', 'type', 'project', 'createdAt', 'lastSeenAt'];
    rows.push(
      await measure(page, 'render /features (first opening, sorted anew)', (run) => [
        [run === 0 ? null : away, { to: `/features?sortBy=${sorts[run % sorts.length]}&sortOrder=asc` }],
      ]),
    );
    rows.push(await measure(page, 'render /features (again, cached)', () => [[away, { to: '/features' }]]));
    rows.push(
      await measure(page, 'filter: search "import-0424" (URL)', (run) => [
        [{ to: '/features' }, { to: `/features?query=import-0${424 + run}` }],
      ]),
    );
    rows.push(
      await measure(page, 'filter: type experiment (URL)', (run) => [
        [{ to: '/features' }, { to: `/features?type=experiment&sortOrder=${run % 2 ? 'asc' : 'desc'}` }],
      ]),
    );
    rows.push(
      await measure(page, 'filter: typed search, 300 ms pause included', (run) => [
        [{ to: '/features' }, { type: `import-0${524 + run}` }],
      ]),
    );

    console.log(
      `\nFlag list with ${FLAGS.toLocaleString()} flags in Chromium, 1280x800 (${cpus().length} cores, load ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')})\n`,
    );
    console.log('| measure | median ms | max ms | runs | rows in the DOM | count line |');
    console.log('| --- | ---: | ---: | ---: | ---: | --- |');
    for (const row of rows)
      console.log(
        `| ${row.label} | ${Math.round(row.median)} | ${Math.round(row.max)} | ${row.runs} | ${row.rows} | ${row.count} |`,
      );
  } finally {
    await browser.close();
  }
}

try {
  await main();
} finally {
  await cleanup();
}
