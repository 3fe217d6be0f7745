#!/usr/bin/env node
// `switchyard`: everyday flag work (flags, eval, change-requests: bin/cli-flags.mjs), typed
// OpenFeature accessors (generate typescript), the MCP bridge for agents (mcp), and signed
// air-gap bundles (bundle, issue 18), all through a server's HTTP APIs with a token. Plain Node
// (no build; the MCP SDK only for `mcp`) so it runs wherever `node` does, e.g. past an air gap.
import { realpathSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ADMIN_COMMANDS } from './cli-admin.mjs';
import { CODE_COMMANDS } from './cli-code.mjs';
import { codeRefsCommand } from './cli-code-refs.mjs';
import { completion } from './cli-completion.mjs';
import { CommandUsageError, FLAG_COMMANDS, ToolRefusal, toolCaller } from './cli-flags.mjs';
import { mcpBridge } from './cli-mcp.mjs';
import { listProfiles, login, logout, ProfileError, resolveServer } from './cli-profiles.mjs';
import { USAGE } from './cli-usage.mjs';
import { renderTypescript, SDK_PACKAGES } from './generate-typescript.mjs';

class UsageError extends Error {}

/** Runs the CLI; answers the exit code. `io` lets tests capture output. */
export async function run(argv, io = { out: console.log, err: console.error, env: process.env }) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        token: { type: 'string' },
        project: { type: 'string' },
        environment: { type: 'string' },
        tag: { type: 'string' },
        features: { type: 'string' },
        out: { type: 'string' },
        sdk: { type: 'string' },
        'read-only': { type: 'boolean' },
        env: { type: 'string' },
        percent: { type: 'string' },
        stickiness: { type: 'string' },
        strategy: { type: 'string' },
        query: { type: 'string' },
        description: { type: 'string' },
        type: { type: 'string' },
        context: { type: 'string', multiple: true },
        profile: { type: 'string' },
        name: { type: 'string' },
        limit: { type: 'string' },
        interval: { type: 'string' },
        repo: { type: 'string' },
        push: { type: 'boolean' },
        'no-blame': { type: 'boolean' },
        json: { type: 'boolean' },
        override: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    io.err(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (['login', 'logout', 'profiles'].includes(positionals[0]) && !values.help) {
    return profileCommand(positionals[0], values, io);
  }
  if (positionals[0] === 'completion') return completion(positionals[1], io);
  const flagCommand = flagCommandOf(positionals);
  const adminCommand = adminCommandOf(positionals);
  const codeCommand = Object.hasOwn(CODE_COMMANDS, positionals[0])
    ? CODE_COMMANDS[positionals[0]]
    : undefined;
  const known =
    ['bundle', 'generate', 'mcp'].includes(positionals[0]) || flagCommand || adminCommand || codeCommand;
  if (
    values.help ||
    !known ||
    (!positionals[1] && !['mcp', 'export'].includes(positionals[0]) && !flagCommand && !adminCommand)
  ) {
    io[values.help ? 'out' : 'err'](USAGE);
    return values.help ? 0 : 2;
  }
  let base = (values.url ?? io.env.SWITCHYARD_URL ?? 'http://127.0.0.1:4242').replace(/\/+$/, '');
  try {
    const server = await resolveServer(values, io.env);
    base = server.base.replace(/\/+$/, '');
    const { token } = server;
    if (!token) throw new UsageError('A token is needed: switchyard login, --token or SWITCHYARD_TOKEN');
    if (flagCommand) return await runFlagCommand(flagCommand, { base, token, values, io });
    const api = client(base, token);
    if (adminCommand) {
      const answer = await adminCommand.run(api, values, adminCommand.args, io);
      if (answer) io.out(values.json ? JSON.stringify(answer.data ?? null, null, 2) : answer.text);
      return 0;
    }
    if (codeCommand) return await codeCommand({ api, values, file: positionals[1], io });
    if (positionals[0] === 'generate') return await generate({ api, base, values, kind: positionals[1], io });
    if (positionals[0] === 'mcp')
      return await mcpBridge({ base, token, readOnly: values['read-only'] === true, io });
    // Own keys only: "toString" or "constructor" are not commands.
    if (!Object.hasOwn(COMMANDS, positionals[1])) throw new UsageError(`Unknown command "${positionals[1]}"`);
    return await COMMANDS[positionals[1]]({ api, values, file: positionals[2], io });
  } catch (error) {
    if (error instanceof UsageError || error instanceof CommandUsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof RefusedError || error instanceof ToolRefusal || error instanceof ProfileError) {
      io.err(error.message);
      return 1;
    }
    io.err(`Cannot reach ${base}: ${error.message}`);
    return 3;
  }
}

class RefusedError extends Error {}

/** A refusal that keeps the server's answer (flags as code maps its detail paths to line:col). */
function refusal(answer, message) {
  const error = new RefusedError(message);
  error.answer = answer;
  return error;
}

/** login, logout, profiles: exit 0, 1 when refused (bad token, no keychain), 2 on usage. */
async function profileCommand(command, values, io) {
  const profile = values.profile ?? 'default';
  try {
    if (command === 'profiles') io.out(await listProfiles(io.env));
    else if (command === 'logout') io.out(await logout({ profile: values.profile, env: io.env }));
    else {
      const url = (values.url ?? io.env.SWITCHYARD_URL)?.replace(/\/+$/, '');
      const token = values.token ?? io.env.SWITCHYARD_TOKEN;
      if (!url || !token)
        throw new UsageError('login needs --url URL and --token TOKEN (a personal access token)');
      io.out(await login({ url, token, profile, env: io.env }));
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof ProfileError) {
      io.err(error.message);
      return 1;
    }
    io.err(`Cannot reach the server: ${error.message}`);
    return 3;
  }
}

/** `flags list`, `eval`, … : the command and the positionals after it, or undefined. */
function flagCommandOf(positionals) {
  const [first, second] = positionals;
  if (first === 'eval') return { run: FLAG_COMMANDS.eval, args: positionals.slice(1) };
  const key = `${first} ${second}`;
  return Object.hasOwn(FLAG_COMMANDS, key)
    ? { run: FLAG_COMMANDS[key], args: positionals.slice(2) }
    : undefined;
}

/** `projects`, `tokens list`, `events tail`, … */
function adminCommandOf(positionals) {
  const [first, second] = positionals;
  if (first === 'code-refs') return { run: codeRefsCommand, args: positionals.slice(1) };
  if (Object.hasOwn(ADMIN_COMMANDS, first) && !first.includes(' '))
    return { run: ADMIN_COMMANDS[first], args: positionals.slice(1) };
  const key = `${first} ${second}`;
  return Object.hasOwn(ADMIN_COMMANDS, key)
    ? { run: ADMIN_COMMANDS[key], args: positionals.slice(2) }
    : undefined;
}

async function runFlagCommand(command, { base, token, values, io }) {
  const answer = await command.run(toolCaller(base, token), values, command.args);
  io.out(values.json ? JSON.stringify(answer.data ?? null, null, 2) : answer.text);
  return 0;
}

/** `generate typescript`: the project's manifest rendered as typed accessors. */
async function generate({ api, base, values, kind, io }) {
  if (kind !== 'typescript')
    throw new UsageError(`Unknown generator "${kind}" (typescript is the one there is)`);
  if (!values.project) throw new UsageError('--project is needed');
  const sdk = values.sdk ?? 'server';
  if (!Object.hasOwn(SDK_PACKAGES, sdk)) throw new UsageError('--sdk is server or web');
  const path = `/api/admin/projects/${encodeURIComponent(values.project)}/openfeature/v0/manifest`;
  const manifest = await api('GET', path);
  const source = `${base}${path}`;
  const text = renderTypescript(manifest, { project: values.project, source, sdk });
  if (values.out) {
    await writeFile(values.out, text);
    io.out(`Wrote ${manifest.flags.length} flag accessors to ${values.out}`);
  } else io.out(text);
  return 0;
}

function client(base, token) {
  return async (method, path, body) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) {
      // A proxy in front may answer an error page: show it as it came, not as "Cannot reach".
      let answer;
      try {
        answer = text ? JSON.parse(text) : undefined;
      } catch {
        throw new RefusedError(`${response.status} ${response.statusText}: ${text.slice(0, 500)}`);
      }
      const details = (answer?.details ?? [])
        .map((detail) => `  - ${detail.message}`)
        .filter((line) => !line.endsWith(answer?.message ?? ''))
        .join('\n');
      throw refusal(
        answer,
        `${response.status} ${answer?.name ?? 'Error'}: ${answer?.message ?? answer?.error?.message ?? text}${details ? `\n${details}` : ''}`,
      );
    }
    return text ? JSON.parse(text) : undefined;
  };
}

async function readBundle(file) {
  if (!file) throw new UsageError('Name the bundle file');
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${error.message}`);
  }
}

function target(values) {
  if (!values.project || !values.environment) throw new UsageError('--project and --environment are needed');
  return { project: values.project, environment: values.environment };
}

function describeVerification(v) {
  const lines = [
    `Bundle ${v.hash}`,
    `  from ${v.metadata.sourceInstanceName} (${v.metadata.sourceInstanceId}), ${v.metadata.environment}, ${v.metadata.selection}`,
    `  made ${v.metadata.createdAt} by ${v.metadata.author}`,
    `  hash: ${v.hashValid ? 'intact' : 'DOES NOT MATCH'}`,
    `  signature: ${!v.signed ? 'none' : v.signatureValid ? 'valid' : 'INVALID'}`,
    `  signer: ${v.signer ? `${v.signer.fingerprint} ${v.signer.trusted ? `trusted as "${v.signer.name}"` : 'NOT TRUSTED'}` : '-'}`,
    v.trusted ? 'Trusted.' : `Not trusted:\n${v.problems.map((p) => `  - ${p}`).join('\n')}`,
  ];
  return lines.join('\n');
}

const list = (names) => (names.length ? names.join(', ') : '-');

function describeDiff(diff) {
  return [
    `In ${diff.project} / ${diff.environment}:`,
    `  added (${diff.added.length}): ${list(diff.added)}`,
    `  changed (${diff.changed.length}): ${list(diff.changed.map((c) => `${c.feature} [${c.parts.join(', ')}]`))}`,
    `  unchanged (${diff.unchanged.length}): ${list(diff.unchanged)}`,
    `  not in the bundle, left as they are (${diff.removed.length}): ${list(diff.removed)}`,
    ...(diff.skippedArchived.length ? [`  archived here, skipped: ${list(diff.skippedArchived)}`] : []),
    ...(diff.contextFieldsCreated.length
      ? [`  context fields created: ${list(diff.contextFieldsCreated)}`]
      : []),
    ...(diff.segmentsCreated.length ? [`  segments created: ${list(diff.segmentsCreated)}`] : []),
  ].join('\n');
}

const COMMANDS = {
  async export({ api, values, io }) {
    if (!values.environment) throw new UsageError('--environment is needed');
    const query = { environment: values.environment };
    if (values.project) query.project = values.project;
    else if (values.tag) query.tag = values.tag;
    else if (values.features) query.features = values.features.split(',').map((name) => name.trim());
    else throw new UsageError('Choose the flags: --project, --tag or --features');
    const bundle = await api('POST', '/api/admin/bundles/export', query);
    const text = `${JSON.stringify(bundle, null, 2)}\n`;
    if (values.out) {
      await writeFile(values.out, text);
      io.out(
        `Wrote ${values.out}: ${bundle.export.features.length} flag(s), ${bundle.hash}, signed by ${bundle.signature.fingerprint}`,
      );
    } else io.out(text.trimEnd());
    return 0;
  },

  async verify({ api, values, file, io }) {
    const verification = await api('POST', '/api/admin/bundles/verify', { bundle: await readBundle(file) });
    io.out(values.json ? JSON.stringify(verification, null, 2) : describeVerification(verification));
    return verification.trusted ? 0 : 1;
  },

  async diff({ api, values, file, io }) {
    const plan = await api('POST', '/api/admin/bundles/plan', {
      bundle: await readBundle(file),
      ...target(values),
    });
    if (values.json) {
      io.out(JSON.stringify(plan, null, 2));
      return plan.errors.length ? 1 : 0;
    }
    io.out(describeVerification(plan.verification));
    io.out(describeDiff(plan.diff));
    for (const error of plan.errors) io.out(`Error: ${error.message} ${error.affectedItems.join(', ')}`);
    for (const warning of plan.warnings)
      io.out(`Warning: ${warning.message} ${warning.affectedItems.join(', ')}`);
    for (const missing of plan.permissions)
      io.out(`Missing permission: ${missing.message} ${missing.affectedItems.join(', ')}`);
    return plan.errors.length || plan.permissions.length ? 1 : 0;
  },

  async apply({ api, values, file, io }) {
    const body = {
      bundle: await readBundle(file),
      ...target(values),
      ...(values.override ? { override: true } : {}),
    };
    const answer = await api('POST', '/api/admin/bundles/apply', body);
    if (values.json) {
      io.out(JSON.stringify(answer, null, 2));
      return 0;
    }
    const { features, featureChanges } = answer.result.summary;
    io.out(
      [
        `Applied ${answer.verification.hash}${answer.overridden ? ' (OVERRIDDEN: recorded in the event log)' : ''}`,
        `  created (${features.created.length}): ${list(features.created)}`,
        `  changed (${features.changed.length}): ${list(featureChanges.map((c) => `${c.feature} [${c.parts.join(', ')}]`))}`,
        `  unchanged (${features.unchanged.length}): ${list(features.unchanged)}`,
        ...(answer.result.changeRequestId !== undefined
          ? [`  environment changes wait in change request ${answer.result.changeRequestId}`]
          : []),
        `  event ${answer.eventId}`,
      ].join('\n'),
    );
    return 0;
  },
};

// Run when executed, not when imported by a test.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await run(process.argv.slice(2));
}
