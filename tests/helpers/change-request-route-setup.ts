import { setUpReviewers } from './change-requests';
import { call, createFlag } from './flag-model';
import type { Send } from './identity';
import { createTestApp, type TestApp } from './test-app';

// Shared setup of the change-request route tests.
export const P = '/api/admin/projects/default';
export const rollout = (percent: string) => ({
  name: 'flexibleRollout',
  parameters: { rollout: percent, stickiness: 'default', groupId: 'g' },
  constraints: [],
});

export interface ChangeRequestRouteApp {
  t: TestApp;
  /** An Editor who drafts but does not review. */
  alice: Send;
  bob: Send;
  carol: Send;
  viewer: Send;
}

/** Flags `cr-flag` and `cr-parent` in project default; change requests stay off. */
export async function startChangeRequestRouteApp(): Promise<ChangeRequestRouteApp> {
  const t = await createTestApp({ loginRateLimitPerMinute: 100_000 });
  // Bob and Carol review (approve and apply in production); change requests stay off.
  const { send } = await setUpReviewers(
    t,
    [
      { username: 'alice', reviewer: false },
      { username: 'bob' },
      { username: 'carol' },
      { username: 'vic', rootRole: 'Viewer', reviewer: false },
    ],
    { enableChangeRequests: false },
  );
  await createFlag(t, 'cr-flag');
  await createFlag(t, 'cr-parent');
  return { t, alice: send.alice!, bob: send.bob!, carol: send.carol!, viewer: send.vic! };
}

/** Turns change requests on in production with two approvals required. */
export async function requireTwoApprovalsInProduction(t: TestApp): Promise<void> {
  const url = `${P}/environments/production/change-requests/config`;
  await call(t, 'PUT', url, { changeRequestsEnabled: true, requiredApprovals: 2 }, 200);
}
