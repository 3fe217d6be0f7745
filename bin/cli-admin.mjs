// `switchyard projects|environments|segments|tokens|events` (issue 36 §1): the admin lists and
// tokens over the REST admin API, and `events tail`, which follows the event log.
import { CommandUsageError, table } from './cli-flags.mjs';

const list = (values) => (values?.length ? values.join(',') : '-');

/** Each command: (api, values, args, io) → {data, text}; `events tail` writes as it goes. */
export const ADMIN_COMMANDS = {
  projects: async (api) => {
    const { projects } = await api('GET', '/api/admin/projects');
    return {
      data: projects,
      text: table(projects, [
        ['ID', (row) => row.id],
        ['NAME', (row) => row.name],
        ['FLAGS', (row) => row.featureCount],
        ['MODE', (row) => row.mode],
      ]),
    };
  },
  environments: async (api) => {
    const { environments } = await api('GET', '/api/admin/environments');
    return {
      data: environments,
      text: table(environments, [
        ['NAME', (row) => row.name],
        ['TYPE', (row) => row.type],
        ['ENABLED', (row) => (row.enabled ? 'yes' : 'no')],
        ['PROTECTED', (row) => (row.protected ? 'yes' : '')],
      ]),
    };
  },
  segments: async (api) => {
    const { segments } = await api('GET', '/api/admin/segments');
    return {
      data: segments,
      text: table(segments, [
        ['ID', (row) => row.id],
        ['NAME', (row) => row.name],
        ['PROJECT', (row) => row.project ?? '(global)'],
        ['CONSTRAINTS', (row) => row.constraints?.length ?? 0],
      ]),
    };
  },
  'flags archive': async (api, values, [flag]) => {
    if (!flag) throw new CommandUsageError('flags archive needs the FLAG');
    const project = values.project ?? 'default';
    await api(
      'DELETE',
      `/api/admin/projects/${encodeURIComponent(project)}/features/${encodeURIComponent(flag)}`,
    );
    return {
      data: { archived: flag },
      text: `Archived ${flag}; switchyard flags revive ${flag} brings it back.`,
    };
  },
  'flags revive': async (api, _values, [flag]) => {
    if (!flag) throw new CommandUsageError('flags revive needs the FLAG');
    await api('POST', `/api/admin/archive/revive/${encodeURIComponent(flag)}`);
    return { data: { revived: flag }, text: `Revived ${flag} (off in every environment until switched on).` };
  },
  'change-requests show': async (api, values, [id]) => {
    if (!id) throw new CommandUsageError('change-requests show needs the ID');
    const project = values.project ?? 'default';
    const request = await api(
      'GET',
      `/api/admin/projects/${encodeURIComponent(project)}/change-requests/${encodeURIComponent(id)}`,
    );
    const changes = request.features.flatMap((feature) =>
      feature.changes.map(
        (change) =>
          `  ${feature.name}: ${change.action}${feature.conflict ? ` (conflict: ${feature.conflict})` : ''}`,
      ),
    );
    const approvals = (request.approvals ?? []).map((approval) => approval.createdBy?.username ?? '?');
    const text = [
      `Change request ${request.id}: ${request.title ?? '(no title)'}`,
      `  ${request.state} in ${request.environment}, by ${request.createdBy?.username ?? '?'}`,
      `  approvals: ${approvals.length ? approvals.join(', ') : 'none'} of ${request.minApprovals ?? 1} needed`,
      'Changes:',
      ...(changes.length ? changes : ['  none']),
    ].join('\n');
    return { data: request, text };
  },
  'tokens list': async (api) => {
    const { tokens } = await api('GET', '/api/admin/api-tokens');
    return {
      data: tokens,
      text: table(tokens, [
        ['NAME', (row) => row.tokenName],
        ['TYPE', (row) => row.type],
        ['ENVIRONMENT', (row) => row.environment],
        ['PROJECTS', (row) => list(row.projects)],
        ['PREFIX', (row) => row.prefix],
        ['EXPIRES', (row) => row.expiresAt],
      ]),
    };
  },
  'tokens create': async (api, values) => {
    if (!values.name || !values.type)
      throw new CommandUsageError('tokens create needs --name and --type client|frontend|admin');
    const created = await api('POST', '/api/admin/api-tokens', {
      tokenName: values.name,
      type: values.type,
      ...(values.type === 'admin' ? {} : { environment: values.env ?? 'development' }),
      ...(values.project ? { projects: values.project.split(',') } : {}),
    });
    return { data: created, text: `${created.secret}\n(shown once: store it now)` };
  },
  'tokens revoke': async (api, _values, [secret]) => {
    if (!secret) throw new CommandUsageError('tokens revoke needs the token (its secret)');
    await api('DELETE', `/api/admin/api-tokens/${encodeURIComponent(secret)}`);
    return { data: { revoked: true }, text: 'Revoked.' };
  },
  'events tail': async (api, values, _args, io) => {
    const seconds = Number(values.interval ?? 2);
    if (!(seconds >= 0.2)) throw new CommandUsageError('--interval is seconds, at least 0.2');
    await followEvents(api, values, io, seconds * 1000);
    return null;
  },
};

function eventQuery(values, limit) {
  const query = new URLSearchParams({ limit: String(limit), offset: '0' });
  if (values.project) query.set('project', `IS:${values.project}`);
  if (values.type) query.set('type', `IS:${values.type}`);
  return `/api/admin/search/events?${query}`;
}

function eventLine(event, json) {
  if (json) return JSON.stringify(event);
  const where = [event.project, event.featureName, event.environment].filter(Boolean).join('/');
  return `${event.createdAt}  ${event.type}  ${where || '-'}  by ${event.createdBy}`;
}

/**
 * Prints the latest events (--limit, default 10), then every newer one as it is written, oldest
 * first, until interrupted. Polls the event search; ids only grow, so nothing prints twice.
 */
async function followEvents(api, values, io, intervalMs) {
  const first = await api('GET', eventQuery(values, Number(values.limit ?? 10)));
  let lastId = 0;
  for (const event of [...first.events].reverse()) {
    io.out(eventLine(event, values.json));
    lastId = Math.max(lastId, event.id);
  }
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    const page = await api('GET', eventQuery(values, 100));
    const fresh = page.events.filter((event) => event.id > lastId).reverse();
    for (const event of fresh) {
      io.out(eventLine(event, values.json));
      lastId = Math.max(lastId, event.id);
    }
  }
}
