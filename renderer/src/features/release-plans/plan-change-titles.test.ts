import { describe, expect, it } from 'vitest';
import { changeTitle } from '../change-requests/change-descriptions';

const names = { definitions: [], segments: [] };
const title = (action: string) =>
  changeTitle({ id: 1, action, payload: {} } as unknown as Parameters<typeof changeTitle>[0], names);

describe('release plan changes in a change request', () => {
  it('are titled by what they do to the plan', () => {
    expect(title('addReleasePlan')).toBe('Apply a release plan');
    expect(title('deleteReleasePlan')).toBe('Remove the release plan');
    expect(title('startMilestone')).toBe('Start a release plan milestone');
    expect(title('changeMilestoneProgression')).toBe('Set a milestone progression');
    expect(title('deleteMilestoneProgression')).toBe('Remove a milestone progression');
    expect(title('resumeMilestoneProgression')).toBe('Resume the release plan progressions');
    expect(title('changeSafeguard')).toBe('Set the release plan safeguard');
    expect(title('deleteSafeguard')).toBe('Remove the release plan safeguard');
  });
});
