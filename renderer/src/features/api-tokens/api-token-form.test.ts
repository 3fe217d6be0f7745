import { describe, expect, it } from 'vitest';
import { ALL_PROJECTS, projectChoices } from './api-token-form';

describe('projectChoices', () => {
  it('offers all projects first, then each project by name', () => {
    expect(
      projectChoices([
        { id: 'web', name: 'Web shop' },
        { id: 'ios', name: 'iOS' },
      ]),
    ).toEqual([
      { value: ALL_PROJECTS, label: 'All projects (current and future)' },
      { value: 'web', label: 'Web shop' },
      { value: 'ios', label: 'iOS' },
    ]);
  });

  it('still offers all projects while the list is empty', () => {
    expect(projectChoices([])).toEqual([{ value: '*', label: 'All projects (current and future)' }]);
  });
});
