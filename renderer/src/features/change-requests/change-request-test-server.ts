import { answer, createFakeServer, type FakeServer } from '../../test-utils/fake-server';
import { checkoutFlag } from '../../test-utils/fixtures';
import type {
  ChangeRequest,
  ChangeRequestCreate,
  ChangeRequestEnvironmentConfig,
} from './change-request-types';

/**
 * A fake server for the change-request screens' tests: project `default` requires change requests
 * in production (1 approval); flag `checkout` has one gradual rollout there; change requests live
 * in memory and move through the states the tests drive.
 */
export const BASE = '/api/admin/projects/default';
export const FLAG = `${BASE}/features/checkout`;

export function changeRequestServer() {
  const config: ChangeRequestEnvironmentConfig[] = [
    { environment: 'development', type: 'development', changeRequestEnabled: false, requiredApprovals: null },
    { environment: 'production', type: 'production', changeRequestEnabled: true, requiredApprovals: 1 },
  ];
  const rollout = {
    id: 'str-1',
    name: 'flexibleRollout',
    title: null,
    disabled: false,
    sortOrder: 0,
    segments: [7],
    constraints: [
      {
        contextName: 'country',
        operator: 'IN' as const,
        values: ['NO', 'SE'],
        inverted: false,
        caseInsensitive: false,
      },
    ],
    variants: [],
    parameters: { rollout: '25', stickiness: 'default', groupId: 'checkout' },
  };
  const feature = checkoutFlag(
    {},
    {
      strategies: [rollout],
      variants: [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default' }],
    },
  );
  const requests: ChangeRequest[] = [];
  let nextChange = 1;

  const server: FakeServer = createFakeServer()
    .on('GET', FLAG, () => ({ body: feature }))
    .on('GET', `${BASE}/change-requests/config`, () => ({ body: config }))
    .on('GET', `${BASE}/change-requests`, () => ({ body: requests }))
    .on('GET', `${BASE}/change-requests/pending`, () => ({
      body: requests.filter((request) =>
        ['Draft', 'In review', 'Approved', 'Scheduled'].includes(request.state),
      ),
    }))
    .on('GET', `${BASE}/change-requests/pending/checkout`, () => ({
      body: requests.filter((request) => request.state !== 'Draft' && request.state !== 'Applied'),
    }))
    .on('GET', '/api/admin/strategies', {
      version: 1,
      strategies: [{ name: 'flexibleRollout', displayName: 'Gradual rollout', parameters: [] }],
    })
    .on('GET', '/api/admin/segments', { segments: [{ id: 7, name: 'Beta testers', constraints: [] }] })
    .on('GET', '/api/admin/context', [])
    .on('GET', '/api/admin/tag-types', { version: 1, tagTypes: [] })
    .on('GET', '/api/admin/features/checkout/tags', { version: 1, tags: [] })
    .on('GET', '/api/admin/events/checkout', {
      version: 1,
      toggleName: 'checkout',
      totalEvents: 0,
      events: [],
    })
    .on('GET', '/api/admin/client-metrics/features/checkout/raw', {
      version: 1,
      maturity: 'stable',
      data: [],
    });
  for (const environment of ['development', 'production']) {
    const path = `${FLAG}/environments/${environment}`;
    const strategies = feature.environments?.find((entry) => entry.name === environment)?.strategies ?? [];
    server
      .on('GET', `${path}/strategies`, () => ({ body: strategies }))
      .on('GET', `${path}/variants`, { version: 1, variants: [] })
      .on('POST', `${path}/on`, answer(200))
      .on('POST', `${path}/off`, answer(200))
      .on('POST', `${BASE}/environments/${environment}/change-requests`, (request) => {
        // As the server: the author's request Draft, In review or Approved takes the change;
        // an Approved one goes back to review without its approvals (issue 31 §2).
        let draft = requests.find(
          (entry) =>
            entry.environment === environment && ['Draft', 'In review', 'Approved'].includes(entry.state),
        );
        if (draft?.state === 'Approved') Object.assign(draft, { state: 'In review', approvals: [] });
        if (!draft) {
          draft = newRequest(requests.length + 1, environment, 'Draft');
          requests.push(draft);
        }
        const changes = (
          Array.isArray(request.body) ? request.body : [request.body]
        ) as ChangeRequestCreate[];
        for (const change of changes) {
          const name = change.feature ?? '';
          let entry = draft.features.find((candidate) => candidate.name === name);
          if (!entry) {
            entry = { name, changes: [] };
            draft.features.push(entry);
          }
          entry.changes.push({ id: nextChange++, action: change.action, payload: change.payload });
        }
        return { body: draft };
      });
  }
  return { server, feature, config, requests, rollout };
}

export function newRequest(id: number, environment: string, state: ChangeRequest['state']): ChangeRequest {
  return {
    id,
    environment,
    minApprovals: 1,
    project: 'default',
    features: [],
    segments: [],
    approvals: [],
    rejections: [],
    comments: [],
    createdBy: { id: 1, username: 'admin' },
    createdAt: '2026-11-22T09:00:00.000Z',
    stateTimestamps: { Draft: '2026-11-22T09:00:00.000Z' },
    state,
  };
}
