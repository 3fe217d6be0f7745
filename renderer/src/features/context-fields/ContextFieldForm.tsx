import { Switch } from '@mantine/core';
import { useState } from 'react';
import type { ContextField } from '../../api/types';
import { CrudForm, DescriptionInput, NameInput } from '../../components/CrudForm/CrudForm';
import { fieldErrorsOf } from '../../components/ErrorNotice/field-errors';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { useNewNameField } from '../../components/NameCheck/use-new-name-field';
import type { SubmitResult } from '../../stores/console-store';
import { useEditMutation } from '../../stores/use-mutations';
import {
  type ContextFieldDraft,
  createContextFieldEdit,
  type LegalValueDraft,
  updateContextFieldEdit,
} from './context-field-edits';
import { LegalValuesEditor } from './LegalValuesEditor';

/** Unleash's "URL friendly" rule: the name survives encodeURIComponent unchanged. */
export function nameProblem(name: string, existing: readonly string[]): string | null {
  if (!name) return 'A context field needs a name';
  if (encodeURIComponent(name) !== name || name === '.' || name === '..')
    return 'Use a URL-friendly name: letters, digits and - _ . ~ only';
  if (existing.includes(name)) return `A context field named ${name} already exists`;
  return null;
}

export function legalValueProblems(values: readonly LegalValueDraft[]): Record<number, string> {
  const problems: Record<number, string> = {};
  const seen = new Set<string>();
  values.forEach((legal, index) => {
    if (!legal.value.trim()) problems[index] = 'A legal value cannot be empty';
    else if (seen.has(legal.value)) problems[index] = `${legal.value} is listed twice`;
    seen.add(legal.value);
  });
  return problems;
}

export interface ContextFieldFormProps {
  /** The field to edit; absent to create one. */
  field?: ContextField;
  existingNames: readonly string[];
  onDone: (result: SubmitResult, name: string) => void;
  onCancel: () => void;
}

export function ContextFieldForm({ field, existingNames, onDone, onCancel }: ContextFieldFormProps) {
  const { mutateAsync: submitEdit } = useEditMutation();
  const [draft, setDraft] = useState<ContextFieldDraft>(() => ({
    name: field?.name ?? '',
    description: field?.description ?? '',
    stickiness: field?.stickiness ?? false,
    legalValues: (field?.legalValues ?? []).map((legal) => ({
      value: legal.value,
      description: legal.description ?? '',
    })),
  }));
  const { submitting, error, showErrors, submit } = useFormSubmit();

  const creating = !field;
  const legalProblems = legalValueProblems(draft.legalValues);
  const server = fieldErrorsOf(error);
  const nameField = useNewNameField('/api/admin/context/validate', draft.name, {
    creating,
    localProblem: creating ? nameProblem(draft.name, existingNames) : null,
    refusal: server.name,
    showErrors,
  });
  const blocked = nameField.blocked || Object.keys(legalProblems).length > 0;

  const update = (changes: Partial<ContextFieldDraft>) => setDraft((current) => ({ ...current, ...changes }));

  async function send() {
    const edit = field ? updateContextFieldEdit(field, draft) : createContextFieldEdit(draft);
    onDone(await submitEdit(edit), draft.name);
  }

  return (
    <CrudForm
      noun="context field"
      creating={creating}
      editFailure="saved"
      onSubmit={(event) => submit(event, blocked, send)}
      error={error}
      submitting={submitting}
      submitDisabled={nameField.checking}
      onCancel={onCancel}
    >
      <NameInput
        disabled={!creating}
        description={creating ? 'Used in constraints and SDK contexts; cannot be changed later' : undefined}
        value={draft.name}
        onChange={(name) => update({ name })}
        error={nameField.error}
        checking={nameField.checking}
      />
      <DescriptionInput
        value={draft.description}
        onChange={(description) => update({ description })}
        error={server.description}
      />
      <Switch
        label="Custom stickiness"
        description="Offer this field as stickiness for gradual rollouts and variants"
        checked={draft.stickiness}
        onChange={(e) => update({ stickiness: e.currentTarget.checked })}
      />
      <LegalValuesEditor
        values={draft.legalValues}
        problems={legalProblems}
        serverErrors={server}
        onChange={(legalValues) => update({ legalValues })}
      />
    </CrudForm>
  );
}
