import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { ConstraintEditor } from './ConstraintEditor';
import type { ConstraintErrors } from './constraint-errors';
import {
  type Constraint,
  constraintProblem,
  normaliseConstraint,
  withOperator,
} from './constraint-operators';

const field = (name: string, sortOrder: number, legalValues: string[] = []) => ({
  name,
  description: null,
  stickiness: false,
  sortOrder,
  createdAt: null,
  legalValues: legalValues.map((value) => ({ value })),
});

function contextServer() {
  return createFakeServer().on('GET', '/api/admin/context', [
    field('userId', 1),
    field('region', 2, ['eu', 'us']),
    field('appVersion', 3),
  ]);
}

let latest: Constraint[] = [];

function Harness({ initial, errors }: { initial: Constraint[]; errors?: ConstraintErrors }) {
  const [value, setValue] = useState(initial);
  return (
    <ConstraintEditor
      value={value}
      onChange={(next) => {
        latest = next;
        setValue(next);
      }}
      {...(errors ? { errors } : {})}
    />
  );
}

const userIdIn: Constraint = {
  contextName: 'userId',
  operator: 'IN',
  values: ['a'],
  inverted: false,
  caseInsensitive: false,
};

async function renderEditor(initial: Constraint[] = [userIdIn], errors?: ConstraintErrors) {
  latest = initial;
  const view = await renderWithConsole(<Harness initial={initial} {...(errors ? { errors } : {})} />, {
    server: contextServer(),
  });
  // The context fields arrive: the region option proves they loaded.
  await screen.findAllByRole('option', { name: 'region' });
  return view;
}

function row(index = 0) {
  return within(screen.getByTestId(`constraint-${index}`));
}

function chooseOperator(operator: string, index = 0) {
  fireEvent.change(row(index).getByLabelText('Operator'), { target: { value: operator } });
}

describe('ConstraintEditor', () => {
  it('switches the value editor with the operator', async () => {
    await renderEditor();
    expect(row().getByRole('combobox', { name: 'Values' })).toBeTruthy();
    expect(row().queryByLabelText('Ignore case')).toBeNull();

    chooseOperator('NUM_GT');
    expect(row().getByLabelText('Number')).toBeTruthy();
    expect(row().queryByRole('combobox', { name: 'Values' })).toBeNull();

    chooseOperator('DATE_AFTER');
    expect(row().getByLabelText('Date and time')).toBeTruthy();

    chooseOperator('SEMVER_LT');
    expect(row().getByLabelText('Version')).toBeTruthy();

    chooseOperator('STR_CONTAINS');
    expect(row().getByRole('combobox', { name: 'Values' })).toBeTruthy();
    expect(row().getByLabelText('Ignore case')).toBeTruthy();

    chooseOperator('REGEX');
    expect(row().getByLabelText('Regular expression')).toBeTruthy();
    // The server refuses an inverted REGEX, so the switch is not offered.
    expect(row().queryByLabelText('Invert (NOT)')).toBeNull();
    expect(latest[0]).toEqual({
      contextName: 'userId',
      operator: 'REGEX',
      value: '',
      inverted: false,
      caseInsensitive: false,
    });
  });

  it('checks numbers, dates and versions as they are typed', async () => {
    await renderEditor();
    chooseOperator('NUM_GTE');
    fireEvent.change(row().getByLabelText('Number'), { target: { value: 'ten' } });
    expect(await row().findByText('Enter a number')).toBeTruthy();
    fireEvent.change(row().getByLabelText('Number'), { target: { value: '10.5' } });
    await waitFor(() => expect(row().queryByText('Enter a number')).toBeNull());
    expect(latest[0]).toMatchObject({ operator: 'NUM_GTE', value: '10.5' });

    chooseOperator('SEMVER_EQ');
    fireEvent.change(row().getByLabelText('Version'), { target: { value: 'v1.2' } });
    expect(await row().findByText(/Enter a semantic version/)).toBeTruthy();
    fireEvent.change(row().getByLabelText('Version'), { target: { value: '1.2.3-beta.1' } });
    await waitFor(() => expect(row().queryByText(/Enter a semantic version/)).toBeNull());

    chooseOperator('DATE_BEFORE');
    fireEvent.change(row().getByLabelText('Date and time'), { target: { value: 'next tuesday' } });
    expect(await row().findByText(/Enter a date and time/)).toBeTruthy();
    fireEvent.change(row().getByLabelText('Date and time'), { target: { value: '2026-12-01T09:00:00Z' } });
    await waitFor(() => expect(row().queryByText(/Enter a date and time/)).toBeNull());
  });

  it("adds values and flags one that is not among the context field's legal values", async () => {
    await renderEditor([{ ...userIdIn, contextName: 'region', values: [] }]);
    const input = row().getByRole('combobox', { name: 'Values' });
    // Mantine ignores changes to an input without focus (autofill), as a person types into a focused one.
    input.focus();
    fireEvent.change(input, { target: { value: 'eu' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(latest[0]?.values).toEqual(['eu']));
    fireEvent.change(input, { target: { value: 'asia' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await row().findByText('"asia" is not a legal value of region')).toBeTruthy();
  });

  it('adds, inverts and removes constraints', async () => {
    await renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Remove constraint 1' }));
    expect(latest).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add constraint' }));
    // New constraints start on the first context field by sort order.
    expect(latest).toEqual([
      { contextName: 'userId', operator: 'IN', values: [], inverted: false, caseInsensitive: false },
    ]);
    fireEvent.change(row().getByLabelText('Context field'), { target: { value: 'appVersion' } });
    fireEvent.click(row().getByLabelText('Invert (NOT)'));
    expect(latest[0]).toMatchObject({ contextName: 'appVersion', inverted: true });
    fireEvent.click(screen.getByRole('button', { name: 'Remove constraint 1' }));
    expect(latest).toEqual([]);
  });

  it('offers every built-in context field, also those the server stores no definition for', async () => {
    await renderEditor();
    const names = [...(row().getByLabelText('Context field') as HTMLSelectElement).options].map(
      (option) => option.value,
    );
    // The server's fields in their order, then the built-ins the playground offers too.
    expect(names).toEqual([
      'userId',
      'region',
      'appVersion',
      'appName',
      'environment',
      'sessionId',
      'remoteAddress',
      'currentTime',
    ]);
    fireEvent.change(row().getByLabelText('Context field'), { target: { value: 'currentTime' } });
    chooseOperator('DATE_AFTER');
    expect(latest[0]).toMatchObject({ contextName: 'currentTime', operator: 'DATE_AFTER' });
  });

  it("shows the server's message under the constraint it concerns", async () => {
    await renderEditor([userIdIn, { ...userIdIn, contextName: 'region', values: ['eu'] }], {
      1: 'input values are not specified as a legal value on this context field',
    });
    expect(
      row(1).getByText('input values are not specified as a legal value on this context field'),
    ).toBeTruthy();
    expect(row(0).queryByRole('alert')).toBeNull();
  });
});

describe('constraint rules', () => {
  it('keeps values within the same kind of editor and clears them across kinds', () => {
    expect(withOperator(userIdIn, 'NOT_IN')).toMatchObject({ operator: 'NOT_IN', values: ['a'] });
    expect(withOperator(userIdIn, 'NUM_EQ')).toMatchObject({ operator: 'NUM_EQ', value: '' });
    expect(
      withOperator({ ...userIdIn, operator: 'STR_CONTAINS', caseInsensitive: true }, 'IN').caseInsensitive,
    ).toBe(false);
  });

  it('saves values for list operators and a value for the others', () => {
    expect(normaliseConstraint({ contextName: 'n', operator: 'NUM_LT', value: '3', values: [] })).toEqual({
      contextName: 'n',
      operator: 'NUM_LT',
      value: '3',
      inverted: false,
      caseInsensitive: false,
    });
  });

  it('flags what the server would refuse', () => {
    expect(constraintProblem({ ...userIdIn, values: [] })).toMatchObject({ missing: true });
    expect(
      constraintProblem({ ...userIdIn, operator: 'IN_CIDR', values: ['10.0.0.0/8', 'nope'] })?.message,
    ).toBe('"nope" is not an IP address or a CIDR range');
    expect(constraintProblem({ contextName: 'v', operator: 'SEMVER_GT', value: '01.2.3' })).not.toBeNull();
    expect(constraintProblem({ contextName: 'n', operator: 'NUM_EQ', value: '1e3' })).toBeNull();
  });
});
