// `npm run compat -- --against URL`: replays the corpus on a reference Unleash and on our server,
// compares every answer and prints a per-area table and each difference (issue 31 §7). A report,
// not a test: it exits 0 whatever it finds (2 on bad arguments, 1 when it cannot run).
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from './args';
import { cleanupCases } from './corpus/cleanup';
import { CORPUS } from './corpus/index';
import { compareAnswers } from './diff';
import { describeRequest, send, type Target } from './http';
import { KNOWN_DIFFERENCES } from './known';
import { normaliseBody, readPath } from './normalise';
import { startOurServer } from './our-server';
import { explain, formatDifferences, formatTable, summariseByArea } from './report';
import type { Answer, CaseResult, CompatArea, CompatCase } from './types';

// Free-text fields: our wording is our own (never copied), so only the presence of the key counts.
const TEXT_KEYS = ['message'];

function captureInto(target: Target, kase: CompatCase, answer: Answer): void {
  for (const [name, path] of Object.entries(kase.capture ?? {})) {
    const value = readPath(answer.body, path);
    if (value !== undefined && value !== null) target.vars[name] = String(value);
  }
}

function secretsOf(target: Target): string[] {
  return Object.entries(target.vars)
    .filter(([name]) => name.endsWith('Token'))
    .map(([, value]) => value);
}

/** The answer as compared (error texts dropped) and as shown (error texts kept). */
function normalised(target: Target, kase: CompatCase, answer: Answer): { compared: Answer; shown: Answer } {
  const options = {
    prefix: target.vars.p!,
    secrets: secretsOf(target),
    scope: kase.scope,
    ignoreKeys: kase.ignoreKeys,
    pick: kase.pick,
    unordered: kase.unordered,
  };
  const textKeys = answer.status >= 400 ? TEXT_KEYS : [];
  return {
    compared: { ...answer, body: normaliseBody(answer.body, { ...options, textKeys }) },
    shown: { ...answer, body: normaliseBody(answer.body, options) },
  };
}

async function runCase(area: string, kase: CompatCase, reference: Target, ours: Target): Promise<CaseResult> {
  if (kase.waitMs) await new Promise((resolve) => setTimeout(resolve, kase.waitMs));
  const answers: Array<{ compared: Answer; shown: Answer }> = [];
  for (const target of [reference, ours]) {
    const answer = await send(target, kase).catch(
      (error: Error): Answer => ({ status: 0, body: undefined, text: `request failed: ${error.message}` }),
    );
    captureInto(target, kase, answer);
    answers.push(normalised(target, kase, answer));
  }
  const [refAnswer, ourAnswer] = answers as [
    { compared: Answer; shown: Answer },
    { compared: Answer; shown: Answer },
  ];
  const depth = kase.compare ?? 'all';
  const found = compareAnswers(refAnswer.compared, ourAnswer.compared, depth);
  return {
    area,
    id: kase.id,
    request: describeRequest(kase),
    compare: depth,
    differences: explain(`${area}/${kase.id}`, found, KNOWN_DIFFERENCES),
    reference: refAnswer.shown,
    ours: ourAnswer.shown,
  };
}

async function replay(corpus: CompatArea[], reference: Target, ours: Target): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const { area, cases } of corpus) {
    for (const kase of cases) results.push(await runCase(area, kase, reference, ours));
  }
  // Removes what the run created, so a long-lived reference does not fill up; not compared.
  for (const kase of cleanupCases) {
    if (kase.waitMs) await new Promise((resolve) => setTimeout(resolve, kase.waitMs));
    await Promise.all([
      send(reference, kase).catch(() => undefined),
      send(ours, kase).catch(() => undefined),
    ]);
  }
  return results;
}

async function main(): Promise<void> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  const runId = `cx${randomBytes(4).toString('hex')}`;
  const corpus = CORPUS.filter(
    (area) => area.area === 'seed' || !args.areas || args.areas.includes(area.area),
  );
  const started = args.ours ? undefined : await startOurServer(runId);
  const reference: Target = {
    label: 'reference',
    url: args.against,
    adminToken: args.againstToken,
    vars: { p: runId },
  };
  const ours: Target = {
    label: 'ours',
    url: args.ours ?? started!.url,
    adminToken: args.oursToken ?? started!.adminToken,
    vars: { p: runId },
  };
  process.stdout.write(`compat run ${runId}: reference ${reference.url}, ours ${ours.url}\n`);
  let results: CaseResult[];
  try {
    results = await replay(corpus, reference, ours);
  } finally {
    await started?.stop();
  }
  process.stdout.write(`\n${formatTable(summariseByArea(results))}\n\n`);
  const listed = formatDifferences(results, { explained: args.verbose });
  process.stdout.write(
    listed
      ? `Differences${args.verbose ? '' : ' (explained ones: --verbose)'}:\n${listed}\n`
      : 'No differences.\n',
  );
  if (args.json) {
    const differing = results.filter((result) => result.differences.length > 0);
    await writeFile(args.json, `${JSON.stringify({ runId, results: differing }, null, 2)}\n`);
    process.stdout.write(`\nwrote ${differing.length} differing requests to ${args.json}\n`);
  }
}

main().catch((error: Error) => {
  process.stderr.write(`compat: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
