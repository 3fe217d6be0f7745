import { type FormEvent, useState } from 'react';
import type { Project } from '../../api/types';
import {
  type Constraint,
  constraintsAreValid,
  normaliseConstraint,
} from '../../components/ConstraintEditor/constraint-operators';
import { legalValuesLookup, useContextFields } from '../../components/ConstraintEditor/use-context-fields';
import { useLocatedConstraintErrors } from '../../components/ConstraintEditor/use-located-constraint-errors';
import { fieldErrorsOf, nameTakenMessage } from '../../components/ErrorNotice/field-errors';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { useConsole } from '../../stores/console-context';
import type { SubmitResult } from '../../stores/console-store';
import { useEditMutation } from '../../stores/use-mutations';
import { createSegmentEdit, updateSegmentEdit } from './segment-edits';
import type { Segment, UpsertSegment } from './segments-api';

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

/**
 * The segment form's draft, its local and server checks, and its submit; a refused constraint is
 * located (each checked alone) so its message shows under it.
 */
export function useSegmentForm(
  initial: Segment | null,
  existingNames: readonly string[],
  onDone: (result: SubmitResult, body: UpsertSegment) => void,
) {
  const consoleApi = useConsole();
  const { mutateAsync: submitEdit } = useEditMutation();
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

  return {
    name,
    setName,
    description,
    setDescription,
    project,
    setProject,
    constraints,
    setConstraints,
    submitting,
    error,
    showMissing,
    nameTaken,
    constraintErrors,
    fieldError,
    onSubmit: (event: FormEvent) => submit(event, blocked, send),
  };
}

/** The project choices: all projects, each project, and a project no longer listed when the segment names it. */
export function segmentProjectOptions(projects: readonly Project[], project: string) {
  const options = [
    { value: '', label: 'All projects' },
    ...projects.map((candidate) => ({ value: candidate.id, label: candidate.name })),
  ];
  if (project && !projects.some((candidate) => candidate.id === project))
    options.push({ value: project, label: project });
  return options;
}
