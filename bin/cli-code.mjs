// `switchyard export|plan|apply` (issue 36 §2, flags as code): a project's flags as a YAML file,
// its difference from the server field by field, and its application, one transaction per flag.
import { readFile, writeFile } from 'node:fs/promises';
import { stringify } from 'yaml';
import { CommandUsageError, ToolRefusal } from './cli-flags.mjs';
import { describeProblems, locate, parseFlagsYaml } from './flags-yaml.mjs';

const HEADER = `# yaml-language-server: $schema=https://switchyard.dev/schemas/flags-as-code.schema.json
# Switchyard flags as code (docs/automation.md "Flags as code"): edit, then
#   switchyard plan FILE    # what would change
#   switchyard apply FILE   # carry it out
`;

const base = (project) => `/api/admin/projects/${encodeURIComponent(project)}/flags-as-code`;
const show = (value) => (value === null || value === undefined ? '(none)' : JSON.stringify(value));

/** The file read and checked here: a problem refuses it before anything is sent (exit 1). */
async function readDesired(file) {
  if (!file) throw new CommandUsageError('Name the flags file, e.g. switchyard plan flags.yaml');
  let text;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ToolRefusal(`Cannot read ${file}: ${error.message}`);
  }
  const parsed = parseFlagsYaml(text);
  if (parsed.problems.length > 0) {
    throw new ToolRefusal(`${describeProblems(file, parsed.problems)}\nNothing was sent.`);
  }
  return { file, ...parsed };
}

/** The server's refusal, its detail paths (`/body/flags/0/...`) turned into the file's line:col. */
async function send(api, method, path, desired) {
  try {
    return await api(method, path, desired.document);
  } catch (error) {
    const details = error.answer?.details ?? [];
    const located = details
      .filter((detail) => typeof detail.path === 'string' && detail.path.startsWith('/'))
      .map((detail) => {
        const parts = detail.path
          .replace(/^\/body/, '')
          .split('/')
          .filter(Boolean);
        const at = parts.map((part) => (/^\d+$/.test(part) ? Number(part) : part));
        const { line, col } = locate(desired.yaml, desired.lineCounter, at);
        return { line, col, path: at.join('.'), message: detail.message };
      });
    if (located.length > 0)
      throw new ToolRefusal(`${error.message}\n${describeProblems(desired.file, located)}`);
    throw error;
  }
}

const MARK = { create: '+', change: '~', archive: '-' };

/** Terraform-like: one block a flag, one line a field. */
export function describePlan(changes) {
  if (changes.length === 0) return 'No changes. The server matches the file.';
  const lines = [];
  for (const change of changes) {
    lines.push(`${MARK[change.action]} ${change.action} ${change.flag}`);
    for (const field of change.fields) {
      lines.push(
        change.action === 'create'
          ? `    ${field.path}: ${show(field.to)}`
          : `    ${field.path}: ${show(field.from)} -> ${show(field.to)}`,
      );
    }
  }
  const count = (action) => changes.filter((change) => change.action === action).length;
  lines.push(
    '',
    `Plan: ${count('create')} to create, ${count('change')} to change, ${count('archive')} to archive.`,
  );
  return lines.join('\n');
}

export const CODE_COMMANDS = {
  async export({ api, values, io }) {
    if (!values.project) throw new CommandUsageError('export needs --project P');
    const document = await api('GET', base(values.project));
    const text = `${HEADER}${stringify(document, { lineWidth: 0 })}`;
    if (values.out) {
      await writeFile(values.out, text);
      io.out(`Wrote ${values.out}: ${document.flags.length} flag(s) of ${values.project}.`);
    } else io.out(text.trimEnd());
    return 0;
  },

  /** Exit 2 when there are changes, 0 when none (as `terraform plan -detailed-exitcode`). */
  async plan({ api, file, values, io }) {
    const desired = await readDesired(file);
    const plan = await send(api, 'POST', `${base(desired.document.project)}/plan`, desired);
    io.out(values.json ? JSON.stringify(plan, null, 2) : describePlan(plan.changes));
    return plan.changes.length > 0 ? 2 : 0;
  },

  /** Exit 1 when a flag was refused (the others are applied). */
  async apply({ api, file, values, io }) {
    const desired = await readDesired(file);
    const result = await send(api, 'POST', `${base(desired.document.project)}/apply`, desired);
    if (values.json) io.out(JSON.stringify(result, null, 2));
    else {
      const refused = new Map(result.refused.map((item) => [item.flag, item]));
      const lines = result.changes.flatMap((change) => {
        const refusal = refused.get(change.flag);
        if (refusal)
          return [`! ${change.action} ${change.flag} refused: ${refusal.name}: ${refusal.message}`];
        const proposals = result.proposed
          .filter((proposal) => proposal.flag === change.flag)
          .map(
            (p) =>
              `    ${p.environment} takes change requests: change request ${p.changeRequestId} holds its changes (${p.state})`,
          );
        const fields = change.fields.map((field) => field.path).join(', ');
        return [`${MARK[change.action]} ${change.action} ${change.flag}: ${fields}`, ...proposals];
      });
      lines.push(
        result.changes.length === 0
          ? 'No changes. The server matches the file.'
          : `Applied ${result.applied.length} flag(s), refused ${result.refused.length}.`,
      );
      io.out(lines.join('\n'));
    }
    return result.refused.length > 0 ? 1 : 0;
  },
};
