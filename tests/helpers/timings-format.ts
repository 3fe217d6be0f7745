import fs from 'node:fs';
import path from 'node:path';

/** One run's per-file wall times, in milliseconds from the run's start. */
export interface TimingsReport {
  wallMs: number;
  files: { project: string; file: string; start: number; end: number; importMs: number; tests: number }[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Per project: files, tests, the span from its first file's start to its last file's end
 * (projects overlap, so the spans add up to more than the run) and the summed file time;
 * then the slowest `top` files.
 */
export function formatTimings(report: TimingsReport, top: number): string {
  const byProject = new Map<string, TimingsReport['files']>();
  for (const file of report.files) {
    const list = byProject.get(file.project) ?? [];
    list.push(file);
    byProject.set(file.project, list);
  }
  const lines = [`Test timings: ${seconds(report.wallMs)} wall, ${report.files.length} files`, ''];
  lines.push(
    '| project | files | tests | span | summed file time | of which imports |',
    '|---|---:|---:|---:|---:|---:|',
  );
  for (const [project, files] of [...byProject].sort((a, b) => a[0].localeCompare(b[0]))) {
    const span = Math.max(...files.map((f) => f.end)) - Math.min(...files.map((f) => f.start));
    const summed = files.reduce((sum, f) => sum + f.end - f.start, 0);
    const tests = files.reduce((sum, f) => sum + f.tests, 0);
    const imports = files.reduce((sum, f) => sum + f.importMs, 0);
    lines.push(
      `| ${project} | ${files.length} | ${tests} | ${seconds(span)} | ${seconds(summed)} | ${seconds(imports)} |`,
    );
  }
  lines.push(
    '',
    `Slowest ${top} files:`,
    '| # | file | project | tests | time | imports |',
    '|---:|---|---|---:|---:|---:|',
  );
  const slowest = [...report.files].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, top);
  slowest.forEach((f, i) => {
    lines.push(
      `| ${i + 1} | ${f.file} | ${f.project} | ${f.tests} | ${seconds(f.end - f.start)} | ${seconds(f.importMs)} |`,
    );
  });
  return lines.join('\n');
}

/** `npm run test:timings [N]`: the last run's table, with the slowest N files (30). */
export function printLastTimings(file: string, top: number): void {
  if (!fs.existsSync(file)) {
    console.error(`No timings yet: run the tests first (they write ${path.relative(process.cwd(), file)}).`);
    process.exitCode = 1;
    return;
  }
  console.log(formatTimings(JSON.parse(fs.readFileSync(file, 'utf8')) as TimingsReport, top));
}
