import { Button, Group, Loader, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { TagType } from '../../api/types';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { fieldErrorsOf, needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { useServerNameCheck } from '../../components/NameCheck/use-server-name-check';
import { useConsole } from '../../stores/console-context';
import type { SubmitResult } from '../../stores/console-store';
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
  const consoleApi = useConsole();
  const creating = !tagType;
  const [name, setName] = useState(tagType?.name ?? '');
  const [description, setDescription] = useState(tagType?.description ?? '');
  const [icon, setIcon] = useState(tagType?.icon ?? '');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [showErrors, setShowErrors] = useState(false);

  const localProblem = creating ? tagTypeNameProblem(name, existingNames) : null;
  const serverName = useServerNameCheck(
    '/api/admin/tag-types/validate',
    name,
    creating && localProblem === null,
  );
  const server = fieldErrorsOf(error);
  const nameError =
    server.name ??
    (localProblem && (showErrors || name) ? localProblem : null) ??
    serverName.problem ??
    undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    if (localProblem || serverName.problem) return;
    setSubmitting(true);
    setError(null);
    try {
      const edit = tagType
        ? updateTagTypeEdit(tagType, { description, icon })
        : createTagTypeEdit({ name, description, icon });
      onDone(await consoleApi.submitEdit(edit), name);
    } catch (caught) {
      setError(caught);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) ? (
          <ErrorNotice error={error} title={`The tag type was not ${creating ? 'created' : 'saved'}`} />
        ) : null}
        <TextInput
          label="Name"
          required
          disabled={!creating}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={nameError}
          rightSection={serverName.checking ? <Loader size="xs" aria-label="Checking the name" /> : null}
          data-autofocus
        />
        <Textarea
          label="Description"
          rows={2}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={server.description}
        />
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
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting} disabled={creating && serverName.checking}>
            {creating ? 'Create tag type' : 'Save tag type'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
