import { Alert, NativeSelect, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { Project } from '../../api/types';
import { ConstraintEditor } from '../../components/ConstraintEditor/ConstraintEditor';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { FormActions } from '../../components/FormActions/FormActions';
import { useConsoleState } from '../../stores/console-context';
import type { SubmitResult } from '../../stores/console-store';
import type { Segment, UpsertSegment } from './segments-api';
import { segmentProjectOptions, useSegmentForm } from './use-segment-form';

export interface SegmentFormProps {
  /** The segment to edit, or null to create one. */
  initial: Segment | null;
  projects: readonly Project[];
  existingNames: readonly string[];
  onDone: (result: SubmitResult, body: UpsertSegment) => void;
  onCancel: () => void;
}

/** Creates or edits a segment: its name, description, project and constraints. */
export function SegmentForm({ initial, projects, existingNames, onDone, onCancel }: SegmentFormProps) {
  const offline = useConsoleState((state) => state.connectivity === 'offline');
  const form = useSegmentForm(initial, existingNames, onDone);
  const { error, nameTaken, constraintErrors, fieldError } = form;
  const locatedSomething = Object.keys(constraintErrors).length > 0;
  const projectOptions = segmentProjectOptions(projects, form.project);

  return (
    <form onSubmit={form.onSubmit} noValidate>
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
          value={form.name}
          onChange={(event) => form.setName(event.currentTarget.value)}
          error={fieldError('name')}
          data-autofocus
        />
        <Textarea
          label="Description"
          rows={2}
          value={form.description}
          onChange={(event) => form.setDescription(event.currentTarget.value)}
          error={fieldError('description')}
        />
        <NativeSelect
          label="Project"
          description="A project's segment can only be used by that project's flags"
          data={projectOptions}
          value={form.project}
          onChange={(event) => form.setProject(event.currentTarget.value)}
          error={fieldError('project')}
        />
        <Title order={3} size="h5">
          Constraints
        </Title>
        <ConstraintEditor
          value={form.constraints}
          onChange={form.setConstraints}
          errors={constraintErrors}
          showMissing={form.showMissing}
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
          submitting={form.submitting}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
