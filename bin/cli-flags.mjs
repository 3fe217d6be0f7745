// `switchyard flags|eval|change-requests …` (issue 36 §1): everyday flag work from a terminal.
// The commands call the server's MCP tools (POST /api/admin/mcp, one JSON-RPC message each), so a
// rollout or a write under change requests follows exactly the rules the agents' tools follow.

export class ToolRefusal extends Error {}
/** A command used wrongly (exit code 2). */
export class CommandUsageError extends Error {}

/** One tool call; answers its data, or throws ToolRefusal with the server's message. */
export function toolCaller(base, token) {
  let id = 0;
  return async (name, args) => {
    const response = await fetch(`${base}/api/admin/mcp`, {
      method: 'POST',
      headers: {
        authorization: token,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: ++id,
        method: 'tools/call',
        params: { name, arguments: args },
      }),
    });
    const text = await response.text();
    let answer;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new ToolRefusal(`${response.status} ${response.statusText}: ${text.slice(0, 500)}`);
    }
    if (!response.ok && !answer.jsonrpc)
      throw new ToolRefusal(`${response.status}: ${answer.message ?? text}`);
    if (answer.error) throw new ToolRefusal(answer.error.message);
    const message = answer.result.content.map((part) => part.text ?? '').join('\n');
    if (answer.result.isError) throw new ToolRefusal(message);
    return { text: message, data: answer.result.structuredContent?.result };
  };
}

/** Columns padded to their widest cell. */
export function table(rows, columns) {
  const cells = [
    columns.map(([title]) => title),
    ...rows.map((row) => columns.map(([, read]) => String(read(row) ?? '-'))),
  ];
  const widths = columns.map((_, index) => Math.max(...cells.map((line) => line[index].length)));
  return cells
    .map((line) =>
      line
        .map((cell, index) => cell.padEnd(widths[index]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function contextOf(pairs) {
  const context = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at < 1) throw new CommandUsageError(`--context takes key=value, not "${pair}"`);
    context[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return context;
}

const FLAG_COLUMNS = [
  ['NAME', (flag) => flag.name],
  ['PROJECT', (flag) => flag.project],
  ['TYPE', (flag) => flag.type],
  ['STALE', (flag) => (flag.stale ? 'stale' : '')],
  ['ON IN', (flag) => flag.enabledIn.join(',')],
];

/** Each command: (tool, values, args) → {data, text}. `args` are the positionals after the command. */
export const FLAG_COMMANDS = {
  'flags list': async (tool, values) => {
    const { data } = await tool('list_flags', {
      ...(values.project ? { project: values.project } : {}),
      ...(values.query ? { query: values.query } : {}),
    });
    return { data, text: table(data, FLAG_COLUMNS) };
  },
  'flags stale': async (tool, values) => {
    const { data } = await tool('list_stale_flags', values.project ? { project: values.project } : {});
    return { data, text: data.length ? table(data, FLAG_COLUMNS) : 'No stale flags.' };
  },
  'flags get': async (tool, values, [flag]) => {
    const { data } = await tool('get_flag', {
      project: values.project ?? 'default',
      flag: required(flag, 'FLAG'),
    });
    const rows = data.environments.map((environment) => ({
      ...environment,
      strategies: environment.strategies
        .map((s) => (s.rollout !== undefined ? `${s.name} ${s.rollout}%` : s.name))
        .join(', '),
    }));
    const text = `${data.name} (${data.project}, ${data.type}${data.stale ? ', stale' : ''})\n${table(rows, [
      ['ENVIRONMENT', (row) => row.name],
      ['ON', (row) => (row.enabled ? 'on' : 'off')],
      ['STRATEGIES', (row) => row.strategies],
      ['LAST SEEN', (row) => row.lastSeenAt],
      ['LAST HOUR', (row) => `${row.lastHour.yes} yes / ${row.lastHour.no} no`],
    ])}`;
    return { data, text };
  },
  'flags readiness': async (tool, values, [flag]) =>
    tool('removal_readiness', { project: values.project ?? 'default', flag: required(flag, 'FLAG') }),
  'flags create': async (tool, values, [name]) =>
    tool('create_flag', {
      project: values.project ?? 'default',
      name: required(name, 'NAME'),
      ...(values.description ? { description: values.description } : {}),
      ...(values.type ? { type: values.type } : {}),
    }),
  'flags enable': (tool, values, [flag]) => switchFlag(tool, values, flag, true),
  'flags disable': (tool, values, [flag]) => switchFlag(tool, values, flag, false),
  'flags rollout': async (tool, values, [flag]) => {
    const percent = Number(values.percent);
    if (values.percent === undefined || !Number.isInteger(percent))
      throw new CommandUsageError('--percent N (0–100) is needed');
    return tool('set_rollout', {
      project: values.project ?? 'default',
      flag: required(flag, 'FLAG'),
      environment: required(values.env, '--env'),
      percent,
      ...(values.stickiness ? { stickiness: values.stickiness } : {}),
      ...(values.strategy ? { strategyId: values.strategy } : {}),
    });
  },
  eval: async (tool, values, [flag]) => {
    const { data } = await tool('evaluate_flag', {
      flag: required(flag, 'FLAG'),
      environment: required(values.env, '--env'),
      context: contextOf(values.context ?? []),
    });
    const variant = data.variant
      ? `, variant ${data.variant}${data.payload ? ` (${JSON.stringify(data.payload.value ?? data.payload)})` : ''}`
      : '';
    return {
      data,
      text: `${data.flag} in ${data.environment}: ${data.enabled ? 'enabled' : 'disabled'}${variant}`,
    };
  },
  'change-requests list': async (tool, values) => {
    const { data } = await tool('list_change_requests', { project: values.project ?? 'default' });
    return {
      data,
      text: data.length
        ? table(data, [
            ['ID', (row) => row.id],
            ['STATE', (row) => row.state],
            ['ENVIRONMENT', (row) => row.environment],
            ['BY', (row) => row.createdBy],
            ['TITLE', (row) => row.title],
          ])
        : 'No change requests.',
    };
  },
  'change-requests approve': (tool, values, [id]) => moveRequest(tool, values, id, 'approve_change_request'),
  'change-requests apply': (tool, values, [id]) => moveRequest(tool, values, id, 'apply_change_request'),
};

function required(value, what) {
  if (!value) throw new CommandUsageError(`${what} is needed`);
  return value;
}

function switchFlag(tool, values, flag, enabled) {
  return tool('set_flag_enabled', {
    project: values.project ?? 'default',
    flag: required(flag, 'FLAG'),
    environment: required(values.env, '--env'),
    enabled,
  });
}

function moveRequest(tool, values, id, name) {
  const number = Number(id);
  if (!Number.isInteger(number) || number < 1) throw new CommandUsageError('The change request ID is needed');
  return tool(name, { project: values.project ?? 'default', id: number });
}
