// Pure reporting: explains differences listed as known, sums them up per area and formats the
// table and the list of differences printed by `npm run compat`.
import type { CaseResult, Difference, KnownDifference } from './types';

export function explain(
  caseName: string,
  differences: Difference[],
  known: KnownDifference[],
): Array<Difference & { explained?: string }> {
  return differences.map((difference) => {
    const entry = known.find(
      (candidate) =>
        candidate.case.test(caseName) &&
        candidate.aspect === difference.aspect &&
        (candidate.path === undefined || candidate.path.test(difference.path)) &&
        (candidate.referenceIs === undefined || candidate.referenceIs === String(difference.reference)),
    );
    return entry ? { ...difference, explained: entry.reason } : difference;
  });
}

export interface AreaRow {
  area: string;
  requests: number;
  status: number;
  shape: number;
  values: number;
  explained: number;
  unexplained: number;
}

function has(result: CaseResult, aspects: string[]): boolean {
  return result.differences.some((difference) => aspects.includes(difference.aspect));
}

function summarise(area: string, results: CaseResult[]): AreaRow {
  const differing = results.filter((result) => result.differences.length > 0);
  const unexplained = differing.filter((result) =>
    result.differences.some((difference) => !difference.explained),
  );
  return {
    area,
    requests: results.length,
    status: results.filter((result) => !has(result, ['status'])).length,
    shape: results.filter((result) => !has(result, ['status', 'shape'])).length,
    values: results.filter((result) => result.differences.length === 0).length,
    explained: differing.length - unexplained.length,
    unexplained: unexplained.length,
  };
}

/** One row per area in corpus order, then the total. */
export function summariseByArea(results: CaseResult[]): AreaRow[] {
  const areas = [...new Set(results.map((result) => result.area))];
  const rows = areas.map((area) =>
    summarise(
      area,
      results.filter((result) => result.area === area),
    ),
  );
  return [...rows, summarise('TOTAL', results)];
}

export function formatTable(rows: AreaRow[]): string {
  const header = [
    'area',
    'requests',
    'status match',
    'shape match',
    'values match',
    'explained',
    'unexplained',
  ];
  const lines = rows.map((row) => [
    row.area,
    String(row.requests),
    String(row.status),
    String(row.shape),
    String(row.values),
    String(row.explained),
    String(row.unexplained),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]!.length)),
  );
  const format = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (column === 0 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`;
  return [format(header), rule, ...lines.map(format)].join('\n');
}

export function snippet(value: unknown, max = 240): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function describe(difference: Difference & { explained?: string }): string {
  const where = difference.path === '' ? '' : ` at ${difference.path}`;
  const tag = difference.explained ? ` [explained: ${difference.explained}]` : '';
  return `  - ${difference.aspect}${where}: reference ${snippet(difference.reference, 120)} / ours ${snippet(difference.ours, 120)}${tag}`;
}

/** Every differing case: its request, each difference, and both bodies (shortened). */
export function formatDifferences(results: CaseResult[], options: { explained: boolean }): string {
  const blocks: string[] = [];
  for (const result of results) {
    const shown = result.differences.filter((difference) => options.explained || !difference.explained);
    if (shown.length === 0) continue;
    blocks.push(
      [
        `${result.area}/${result.id}: ${result.request}`,
        ...shown.slice(0, 12).map(describe),
        ...(shown.length > 12 ? [`  … and ${shown.length - 12} more`] : []),
        `    reference ${result.reference.status}: ${snippet(result.reference.body ?? result.reference.text)}`,
        `    ours      ${result.ours.status}: ${snippet(result.ours.body ?? result.ours.text)}`,
      ].join('\n'),
    );
  }
  return blocks.join('\n');
}
