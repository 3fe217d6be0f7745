// Code references (issue 37 §1): where each flag name appears in a git checkout's tracked files,
// with the SDK call it sits in and when that line last changed. Plain Node and git, no source
// leaves the machine: the CLI prints the references or pushes only them and a few context lines.
import { execFile } from 'node:child_process';
import { lstat, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';

const git = promisify(execFile);

/** Bounds that keep a scan of a hostile or huge checkout fast and its output small. */
export const SCAN_LIMITS = {
  maxFileBytes: 1_000_000,
  contextLines: 2,
  contextLineChars: 200,
  referencesPerFlag: 100,
  referencesPerScan: 10_000,
};

/** SDK call sites, Unleash and OpenFeature, in the languages their SDKs ship for. */
const CALL_KINDS = [
  ['isEnabled', /\b(?:isEnabled|is_enabled|IsEnabled|isFeatureEnabled|enabled\?)\s*\(/],
  ['getVariant', /\b(?:getVariant|get_variant|GetVariant)\s*\(/],
  ['useFlag', /\b(?:useFlag|useFlagEnabled)\s*\(/],
  ['useVariant', /\buseVariant\s*\(/],
  [
    'openfeature',
    /\b(?:get(?:Boolean|String|Number|Integer|Float|Double|Object)(?:Value|Details)|get_(?:boolean|string|integer|float|object)_(?:value|details)|(?:Boolean|String|Int|Float|Object)Value|Get(?:Boolean|String|Integer|Double|Object)(?:Value|Details))\s*\(/,
  ],
];

/** A flag name's characters (Unleash: URL-safe); anything else bounds a whole word. */
const WORD = /[A-Za-z0-9_.~-]+/g;

export function callKindOf(line) {
  for (const [kind, pattern] of CALL_KINDS) if (pattern.test(line)) return kind;
  return 'mention';
}

/** The flags a line names: whole words, their dot-separated parts, and aliases (constants). */
export function flagsInLine(line, names, aliases) {
  const found = new Set();
  for (const [word] of line.matchAll(WORD)) {
    if (names.has(word)) found.add(word);
    const alias = aliases.get(word);
    if (alias) found.add(alias);
    if (word.includes('.')) for (const part of word.split('.')) if (names.has(part)) found.add(part);
  }
  return found;
}

function contextAround(lines, index) {
  const from = Math.max(0, index - SCAN_LIMITS.contextLines);
  return lines
    .slice(from, index + SCAN_LIMITS.contextLines + 1)
    .map((text) => text.slice(0, SCAN_LIMITS.contextLineChars));
}

/** The references in one file's text (pure; the scan reads files and asks git). */
export function referencesInText(path, text, names, aliases) {
  const lines = text.split('\n');
  const references = [];
  lines.forEach((line, index) => {
    if (line.length > 10_000) return; // minified or generated: not where people write flag checks
    for (const flag of flagsInLine(line, names, aliases)) {
      references.push({
        flag,
        path,
        line: index + 1,
        kind: callKindOf(line),
        context: contextAround(lines, index),
      });
    }
  });
  return references;
}

async function gitText(dir, args) {
  const { stdout } = await git('git', ['-C', dir, ...args], { maxBuffer: 256 * 1024 * 1024 });
  return stdout;
}

async function readTracked(dir, path) {
  const file = join(dir, path);
  const info = await lstat(file).catch(() => null);
  // Symlinks are not followed (no loops, nothing outside the checkout); huge files are skipped.
  if (!info?.isFile() || info.size > SCAN_LIMITS.maxFileBytes) return null;
  const bytes = await readFile(file);
  if (bytes.subarray(0, 8000).includes(0)) return null; // binary
  return bytes.toString('utf8');
}

/** One file's referenced lines' last change (committer time), from one `git blame`. */
async function blameFile(dir, path, inFile) {
  const ranges = [...new Set(inFile.map((reference) => reference.line))].flatMap((line) => [
    '-L',
    `${line},${line}`,
  ]);
  const times = new Map();
  try {
    const porcelain = await gitText(dir, ['blame', '--line-porcelain', ...ranges, '--', path]);
    let current;
    for (const row of porcelain.split('\n')) {
      const header = /^[0-9a-f]{40} \d+ (\d+)/.exec(row);
      if (header) current = Number(header[1]);
      else if (row.startsWith('committer-time ') && current !== undefined) {
        times.set(current, new Date(Number(row.slice(15)) * 1000).toISOString());
      }
    }
  } catch {
    // An uncommitted file has no history: its lines have no last-change date.
  }
  for (const reference of inFile) reference.lastChangedAt = times.get(reference.line) ?? null;
}

/** Each referenced line's last change: one `git blame` per file, four files at a time. */
async function addLastChanges(dir, references) {
  const byPath = new Map();
  for (const reference of references)
    byPath.set(reference.path, [...(byPath.get(reference.path) ?? []), reference]);
  const files = [...byPath];
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const [path, inFile] = files[next++];
      await blameFile(dir, path, inFile);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** Keeps at most `referencesPerFlag` per flag and `referencesPerScan` in all, in file order. */
function bounded(references) {
  const perFlag = new Map();
  const kept = [];
  for (const reference of references) {
    const count = perFlag.get(reference.flag) ?? 0;
    if (count >= SCAN_LIMITS.referencesPerFlag || kept.length >= SCAN_LIMITS.referencesPerScan) continue;
    perFlag.set(reference.flag, count + 1);
    kept.push(reference);
  }
  return { kept, dropped: references.length - kept.length };
}

/**
 * Scans a checkout: tracked files only (.gitignore honoured), every flag name as a whole word,
 * aliases (`{CONSTANT: 'flag-name'}`) too. Answers the repository, references and figures.
 */
export async function scanRepository(dir, flagNames, { aliases = {}, name, blame = true } = {}) {
  const started = performance.now();
  const top = (await gitText(dir, ['rev-parse', '--show-toplevel'])).trim();
  const [branch, commit, url] = await Promise.all([
    gitText(top, ['rev-parse', '--abbrev-ref', 'HEAD']).then(
      (text) => text.trim(),
      () => null,
    ),
    gitText(top, ['rev-parse', 'HEAD']).then(
      (text) => text.trim(),
      () => null,
    ),
    gitText(top, ['config', '--get', 'remote.origin.url']).then(
      (text) => text.trim() || null,
      () => null,
    ),
  ]);
  // The scan's own configuration names flags (its aliases) without using them.
  const paths = (await gitText(top, ['ls-files', '-z']))
    .split('\0')
    .filter((path) => path && !path.startsWith('.switchyard/'));
  const names = new Set(flagNames);
  const aliasMap = new Map(Object.entries(aliases));
  const found = [];
  let skipped = 0;
  // A few reads in flight at once: file I/O, not parsing, is what a large checkout costs.
  for (let at = 0; at < paths.length; at += 32) {
    const batch = paths.slice(at, at + 32);
    const texts = await Promise.all(batch.map((path) => readTracked(top, path)));
    texts.forEach((text, index) => {
      if (text === null) skipped += 1;
      else found.push(...referencesInText(batch[index], text, names, aliasMap));
    });
  }
  const { kept, dropped } = bounded(found);
  if (blame) await addLastChanges(top, kept);
  return {
    repository: { name: name ?? basename(top), branch, commit, url },
    references: kept,
    stats: { files: paths.length, skipped, dropped, ms: Math.round(performance.now() - started) },
  };
}
