// `switchyard code-refs scan --repo DIR [--push]` (issue 37 §1): the scanner of bin/code-refs.mjs
// over the server's flag names; prints the references, or pushes them for the flag page.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CommandUsageError, table } from './cli-flags.mjs';
import { scanRepository } from './code-refs.mjs';

/** Every flag name of the server, archived ones too (still referenced is what matters). */
async function allFlagNames(api) {
  const names = [];
  for (const archived of ['false', 'true']) {
    for (let offset = 0; ; offset += 100) {
      const page = await api(
        'GET',
        `/api/admin/search/features?limit=100&offset=${offset}&archived=IS:${archived}`,
      );
      names.push(...page.features.map((flag) => flag.name));
      if (page.features.length < 100) break;
    }
  }
  return names;
}

/** `.switchyard/code-refs.json` in the checkout: `{"aliases": {"CHECKOUT_FLAG": "checkout-v2"}}`. */
async function aliasesOf(dir) {
  try {
    const config = JSON.parse(await readFile(join(dir, '.switchyard', 'code-refs.json'), 'utf8'));
    return config.aliases && typeof config.aliases === 'object' ? config.aliases : {};
  } catch (error) {
    if (error.code === 'ENOENT') return {};
    throw new CommandUsageError(`.switchyard/code-refs.json cannot be read: ${error.message}`);
  }
}

export async function codeRefsCommand(api, values, [sub]) {
  if (sub !== 'scan') throw new CommandUsageError('code-refs scan --repo DIR [--name NAME] [--push]');
  if (!values.repo) throw new CommandUsageError('--repo DIR is needed');
  const scan = await scanRepository(values.repo, await allFlagNames(api), {
    aliases: await aliasesOf(values.repo),
    ...(values.name ? { name: values.name } : {}),
    blame: values['no-blame'] !== true,
  });
  const summary = `${scan.references.length} references in ${scan.repository.name} (${scan.stats.files} files, ${scan.stats.skipped} skipped, ${scan.stats.ms} ms)`;
  if (values.push) {
    const pushed = await api('POST', '/api/admin/code-references', {
      repository: scan.repository,
      references: scan.references,
    });
    return {
      data: { ...scan, pushed },
      text: `${summary}; pushed ${pushed.stored}, ignored ${pushed.ignored}.`,
    };
  }
  const rows = table(scan.references, [
    ['FLAG', (row) => row.flag],
    ['WHERE', (row) => `${row.path}:${row.line}`],
    ['KIND', (row) => row.kind],
    ['LAST CHANGE', (row) => row.lastChangedAt?.slice(0, 10)],
  ]);
  return { data: scan, text: `${rows}\n${summary}` };
}
