import { TextInput } from '@mantine/core';
import { useState } from 'react';
import type { TagType } from '../../api/types';
import { CrudForm, DescriptionInput, NameInput } from '../../components/CrudForm/CrudForm';
import { fieldErrorsOf } from '../../components/ErrorNotice/field-errors';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { useNewNameField } from '../../components/NameCheck/use-new-name-field';
import type { SubmitResult } from '../../stores/console-store';
import { useEditMutation } from '../../stores/use-mutations';
import { createTagTypeEdit, updateTagTypeEdit } from './tag-type-edits';

/** tagTypeSchema: 2 to 50 characters; the server also wants it URL friendly and unused. */
export function tagTypeNameProblem(name: string, existing: readonly string[]): string | null {
  if (name.length < 2) return 'At least 2 characters';
  if (name.length > 50) return 'At most 50 characters';
  if (encodeURIComponent(name) !== name) return 'Use a URL-friendly name: letters, digits and - _ . ~ only';
  if (existing.includes(name)) return `A tag type named ${name} already exists`;
  return null;
}

export function TagTypeForm({
  tagType,
  existingNames,
  onDone,
  onCancel,
}: {
  /** The type to edit; absent to create one. */
  tagType?: TagType;
  existingNames: readonly string[];
  onDone: (result: SubmitResult, name: string) => void;
  onCancel: () => void;
}) {
  const { mutateAsync: submitEdit } = useEditMutation();
  const creating = !tagType;
  const [name, setName] = useState(tagType?.name ?? '');
  const [description, setDescription] = useState(tagType?.description ?? '');
  const [icon, setIcon] = useState(tagType?.icon ?? '');
  const { submitting, error, showErrors, submit } = useFormSubmit();

  const server = fieldErrorsOf(error);
  const nameField = useNewNameField('/api/admin/tag-types/validate', name, {
    creating,
    localProblem: creating ? tagTypeNameProblem(name, existingNames) : null,
    refusal: server.name,
    showErrors,
  });

  async function send() {
    const edit = tagType
      ? updateTagTypeEdit(tagType, { description, icon })
      : createTagTypeEdit({ name, description, icon });
    onDone(await submitEdit(edit), name);
  }

  return (
    <CrudForm
      noun="tag type"
      creating={creating}
      editFailure="saved"
      onSubmit={(event) => submit(event, nameField.blocked, send)}
      error={error}
      submitting={submitting}
      submitDisabled={nameField.checking}
      onCancel={onCancel}
    >
      <NameInput
        disabled={!creating}
        value={name}
        onChange={setName}
        error={nameField.error}
        checking={nameField.checking}
      />
      <DescriptionInput value={description} onChange={setDescription} error={server.description} />
      <TextInput
        label="Icon"
        description={
          creating
            ? 'An icon name or an emoji shown next to tags of this type'
            : 'Empty keeps the current icon'
        }
        value={icon}
        onChange={(e) => setIcon(e.currentTarget.value)}
        error={server.icon}
      />
    </CrudForm>
  );
}
