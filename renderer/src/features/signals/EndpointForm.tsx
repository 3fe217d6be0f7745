import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import type { SignalEndpoint } from './signals-api';

const URL_SAFE = /^[A-Za-z0-9_~.-]+$/;

/** A signal endpoint's name and description: blank to create one, pre-filled with `initial` to edit it. */
export function EndpointForm({
  initial,
  submitLabel,
  failure,
  onSubmit,
  onCancel,
}: {
  initial?: SignalEndpoint;
  submitLabel: string;
  failure: string;
  onSubmit: (body: { name: string; description: string | null }) => Promise<void>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [error, setError] = useState<unknown>(null);
  const invalid = name.length > 0 && !URL_SAFE.test(name);
  // The name is the URL's last segment: outside systems still posting to the old one get a 404.
  const renamed = initial !== undefined && name !== initial.name;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        onSubmit({ name, description: description || null }).catch(setError);
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          description={
            renamed
              ? 'Renaming changes the endpoint URL: update the systems that post to it.'
              : 'Part of the endpoint URL: letters, digits, - _ . ~'
          }
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={invalid ? 'Use only letters, digits, - _ . ~' : undefined}
          required
          data-autofocus
        />
        <TextInput
          label="Description"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        {error ? <ErrorNotice error={error} title={failure} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!name || invalid}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
