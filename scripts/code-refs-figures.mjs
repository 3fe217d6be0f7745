// `npm run figures:code-refs [-- --files=50000]`: the code-reference scanner's speed on a generated
// repository (issue 37 §1: 50,000 files in < 10 s on this machine), a measurement, not a timed test.
// Writes a git repository of N small source files in several languages under the temp folder (one
// in 50 uses a flag, the rest are plain code), commits it, scans it with 2,000 flag names and
// prints the figures. The repository is removed at the end.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { scanRepository } from '../bin/code-refs.mjs';

const run = promisify(execFile);
const FILES = Number(process.argv.find((arg) => arg.startsWith('--files='))?.split('=')[1] ?? 50_000);
const FLAGS = Array.from({ length: 2000 }, (_, i) => `feature-${String(i).padStart(4, '0')}`);

const SHAPES = [
  [
    'ts',
    (flag) => `export function render() {\n  if (unleash.isEnabled('${flag}')) return 1;\n  return 0;\n}\n`,
  ],
  [
    'py',
    (flag) =>
      `def handler(ctx):\n    if client.is_enabled("${flag}", ctx):\n        return 1\n    return 0\n`,
  ],
  [
    'go',
    (flag) => `func Handler() int {\n\tif unleash.IsEnabled("${flag}") {\n\t\treturn 1\n\t}\n\treturn 0\n}\n`,
  ],
  ['java', (flag) => `class A { boolean on() { return client.getBooleanValue("${flag}", false); } }\n`],
];

function plain(index) {
  const lines = Array.from(
    { length: 40 },
    (_, line) => `const value${line} = compute(${index}, ${line}); // ordinary code`,
  );
  return `${lines.join('\n')}\n`;
}

async function generate(dir) {
  for (let i = 0; i < FILES; i++) {
    const [ext, shape] = SHAPES[i % SHAPES.length];
    const folder = join(dir, `module-${Math.floor(i / 500)}`);
    if (i % 500 === 0) await mkdir(folder, { recursive: true });
    await writeFile(
      join(folder, `file-${i}.${ext}`),
      i % 50 === 0 ? shape(FLAGS[i % FLAGS.length]) : plain(i),
    );
  }
  await run('git', ['-C', dir, 'init', '-q']);
  await run('git', ['-C', dir, 'add', '-A'], { maxBuffer: 64 * 1024 * 1024 });
  await run('git', [
    '-C',
    dir,
    '-c',
    'user.name=bench',
    '-c',
    'user.email=bench@example.com',
    'commit',
    '-q',
    '-m',
    'generated',
  ]);
}

const dir = await mkdtemp(join(tmpdir(), 'code-refs-figures-'));
try {
  const made = performance.now();
  await generate(dir);
  console.log(
    `generated ${FILES.toLocaleString('en')} files in ${((performance.now() - made) / 1000).toFixed(1)} s`,
  );
  const rows = [];
  for (const blame of [false, true]) {
    const scan = await scanRepository(dir, FLAGS, { blame });
    rows.push({ blame, references: scan.references.length, files: scan.stats.files, ms: scan.stats.ms });
  }
  console.log(
    `\nCode-reference scan, ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  console.log('| scan | files | references | seconds | target |');
  console.log('| --- | ---: | ---: | ---: | --- |');
  for (const row of rows) {
    console.log(
      `| ${row.blame ? 'with git blame dates' : 'names and call sites'} | ${row.files.toLocaleString('en')} | ${row.references.toLocaleString('en')} | ${(row.ms / 1000).toFixed(1)} | < 10 s |`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
