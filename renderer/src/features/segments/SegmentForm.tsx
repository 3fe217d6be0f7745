import { Alert, NativeSelect, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { Project } from '../../api/types';
import { ConstraintEditor } from '../../components/ConstraintEditor/ConstraintEditor';
import {
  type Constraint,
  constraintsAreValid,
  normaliseConstraint,
} from '../../components/ConstraintEditor/constraint-operators';
import { legalValuesLookup, useContextFields } from '../../components/ConstraintEditor/use-context-fields';
import { useLocatedConstraintErrors } from '../../components/ConstraintEditor/use-located-constraint-errors';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { fieldErrorsOf, nameTakenMessage, needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { FormActions } from '../../components/FormActions/FormActions';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { useConsole, useConsoleState } from '../../stores/console-context';
import type { SubmitResult } from '../../stores/console-store';
import { useEditMutation } from '../../stores/use-mutations';
import { createSegmentEdit, updateSegmentEdit } from './segment-edits';
import type { Segment, UpsertSegment } from './segments-api';

export interface SegmentFormProps {
  /** The segment to edit, or null to create one. */
  initial: Segment | null;
  projects: readonly Project[];
  existingNames: readonly string[];
  onDone: (result: SubmitResult, body: UpsertSegment) => void;
  onCancel: () => void;
}

/** The server's limit on the values of all constraints of one segment (shared/unleash/API.md §6.2). */
const MAX_SEGMENT_VALUES = 1000;

function countValues(constraints: readonly Constraint[]): number {
  return constraints.reduce(
    (sum, constraint) => sum + (constraint.values?.length ?? (constraint.value ? 1 : 0)),
    0,
  );
}

export function validateSegmentDraft(
  draft: { name: string; constraints: readonly Constraint[] },
  existingNames: readonly string[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'A segment needs a name';
  else if (existingNames.includes(name)) errors.name = `A segment called ${name} already exists`;
  const values = countValues(draft.constraints);
  if (values > MAX_SEGMENT_VALUES)
    errors.constraints = `The constraints hold ${values} values; a segment may hold at most ${MAX_SEGMENT_VALUES}`;
  return errors;
}

/** Creates or edits a segment: its name, description, project and constraints. */
export function SegmentForm({ initial, projects, existingNames, onDone, onCancel }: SegmentFormProps) {
  const consoleApi = useConsole();
  const { mutateAsync: submitEdit } = useEditMutation();
  const offline = useConsoleState((state) => state.connectivity === 'offline');
  const contextFields = useContextFields();
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [project, setProject] = useState(initial?.project ?? '');
  const [constraints, setConstraints] = useState<Constraint[]>(() => initial?.constraints ?? []);
  const { submitting, error, showErrors: showMissing, submit } = useFormSubmit();
  const constraintRefusals = useLocatedConstraintErrors(['name', 'description', 'project']);

  const local = validateSegmentDraft({ name, constraints }, existingNames);
  const server = fieldErrorsOf(error);
  const nameTaken = nameTakenMessage(error);
  const constraintErrors = constraintRefusals.errorsFrom(server);
  const constraintsValid = constraintsAreValid(constraints, legalValuesLookup(contextFields.data));
  const fieldError = (field: string) =>
    server[field] ??
    (field === 'name' ? nameTaken : undefined) ??
    (showMissing || name ? local[field] : undefined);

  const blocked = Object.keys(local).length > 0 || !constraintsValid;

  async function send() {
    const body: UpsertSegment = {
      name: name.trim(),
      description: description.trim() ? description.trim() : null,
      project: project ? project : null,
      constraints: constraints.map(normaliseConstraint),
    };
    constraintRefusals.reset();
    try {
      const draft = initial
        ? updateSegmentEdit(initial, body)
        : createSegmentEdit(body, consoleApi.services.newId());
      onDone(await submitEdit(draft), body);
    } catch (refusal) {
      // Shown once each constraint it may concern was checked alone.
      await constraintRefusals.locate(refusal, body.constraints);
      throw refusal;
    }
  }

  const locatedSomething = Object.keys(constraintErrors).length > 0;
  const projectOptions = [
    { value: '', label: 'All projects' },
    ...projects.map((candidate) => ({ value: candidate.id, label: candidate.name })),
  ];
  if (project && !projects.some((candidate) => candidate.id === project))
    projectOptions.push({ value: project, label: project });

  return (
    <form onSubmit={(event) => submit(event, blocked, send)} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) && !nameTaken && !locatedSomething ? (
          <ErrorNotice
            error={error}
            title={initial ? 'The segment was not saved' : 'The segment was not created'}
          />
        ) : null}
        {error && locatedSomething ? (
          <Alert color="red" variant="light">
            The server refused a constraint: see the message under it.
          </Alert>
        ) : null}
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={fieldError('name')}
          data-autofocus
        />
        <Textarea
          label="Description"
          rows={2}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={fieldError('description')}
        />
        <NativeSelect
          label="Project"
          description="A project's segment can only be used by that project's flags"
          data={projectOptions}
          value={project}
          onChange={(event) => setProject(event.currentTarget.value)}
          error={fieldError('project')}
        />
        <Title order={3} size="h5">
          Constraints
        </Title>
        <ConstraintEditor
          value={constraints}
          onChange={setConstraints}
          errors={constraintErrors}
          showMissing={showMissing}
        />
        {fieldError('constraints') ? (
          <Alert color="red" variant="light">
            {fieldError('constraints')}
          </Alert>
        ) : null}
        {offline ? (
          <Alert color="yellow" variant="light">
            The server is unreachable: the segment goes into the pending edits and is saved when it is back.
          </Alert>
        ) : null}
        <FormActions
          submitLabel={initial ? 'Save segment' : 'Create segment'}
          submitting={submitting}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
