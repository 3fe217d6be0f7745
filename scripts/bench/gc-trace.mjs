// `--trace-gc`: the server runs with V8's --trace-gc, and each measured wrk run is matched with the
// collections the server printed during it. Issue 21 asks where the frontend and metrics tails come
// from; this shows whether a run's p99 sits on scavenges (young generation, short and frequent) or
// on full mark-compacts, and how long the longest pause was.

/**
 * One line of V8's trace, e.g. `…  1234 ms: Scavenge 12.3 (14.5) -> 11.9 (15.5) MB, 0.85 / 0.00 ms …`
 * (Node 22 and later print `MB, pooled: 0 MB, 0.85 / …`). The number before the slash is the pause.
 */
const GC_LINE =
  /\d+ ms: ([A-Za-z][A-Za-z -]*?)(?: \([a-z ]+\))? [\d.]+ \([\d.]+\) -> [\d.]+ \([\d.]+\) MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ [\d.]+ ms/;
/** A mark-compact's incremental marking steps, which also ran on the event loop before its pause. */
const MARKING_STEPS = /\(\+ ([\d.]+) ms in \d+ steps/;

/**
 * The collections in a piece of trace output, by kind: count, total and longest pause (ms), and for
 * mark-compacts the incremental marking time before them (`markingMs`).
 */
export function summarizeGcTrace(text) {
  const kinds = new Map();
  for (const line of text.split('\n')) {
    const match = GC_LINE.exec(line);
    if (!match) continue;
    const kind = match[1].trim();
    const pause = Number(match[2]);
    const entry = kinds.get(kind) ?? { count: 0, totalMs: 0, maxMs: 0, markingMs: 0 };
    entry.count += 1;
    entry.totalMs += pause;
    entry.maxMs = Math.max(entry.maxMs, pause);
    entry.markingMs += Number(MARKING_STEPS.exec(line)?.[1] ?? 0);
    kinds.set(kind, entry);
  }
  return kinds;
}

/** Every measured run's collections, in order: [label, run number, wrk result, summary]. */
const runs = [];

export function recordGcRun(label, run, wrkResult, traceText) {
  runs.push({ label, run, wrkResult, kinds: summarizeGcTrace(traceText) });
}

const ms = (n, digits = 1) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The table of collections per measured run, printed after the results when --trace-gc is on. */
export function printGcTrace(printTable) {
  if (runs.length === 0) return;
  const rows = runs.map(({ label, run, wrkResult, kinds }) => {
    const kindText = (name) => {
      const entry = kinds.get(name);
      if (!entry) return '0';
      const marking = entry.markingMs > 0 ? `, + ${ms(entry.markingMs)} ms incremental marking` : '';
      return `${entry.count} (${ms(entry.totalMs)} ms, max ${ms(entry.maxMs)}${marking})`;
    };
    const others = [...kinds.keys()].filter((name) => name !== 'Scavenge' && name !== 'Mark-Compact');
    return [
      `${label} #${run}`,
      `${ms(wrkResult.p50, 2)} / ${ms(wrkResult.p99, 2)} ms`,
      kindText('Scavenge'),
      kindText('Mark-Compact'),
      others.map((name) => `${name}: ${kindText(name)}`).join('; ') || '-',
    ];
  });
  console.log('');
  console.log(
    'Server garbage collection during each measured run (V8 --trace-gc; pauses on the event loop):',
  );
  printTable(rows, ['run', 'wrk p50 / p99', 'scavenges', 'mark-compacts', 'other']);
  if (runs.every(({ kinds }) => kinds.size === 0)) {
    console.log(
      `note: no run matched a --trace-gc line; this Node (${process.version}) may print them in another shape (gc-trace.mjs GC_LINE)`,
    );
  }
}
