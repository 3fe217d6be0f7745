import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { fieldErrorsOf, needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { useConsole } from '../../stores/console-context';
import type { ConnectionProfile } from '../../stores/console-store';

/** A new connection profile (name and server URL): on the Connections screen and on the sign-in screen. */
export function AddConnectionForm({ onAdded }: { onAdded?: (profile: ConnectionProfile) => void }) {
  const consoleApi = useConsole();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const errors = fieldErrorsOf(error);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const profile = await consoleApi.addProfile(name, url);
      setName('');
      setUrl('');
      onAdded?.(profile);
    } catch (caught) {
      setError(caught);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) ? <ErrorNotice error={error} /> : null}
        <Group align="flex-start" grow>
          <TextInput
            label="Name"
            placeholder="Staging"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <TextInput
            label="Server URL"
            placeholder="https://flags.example.com"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={errors.url}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={saving} variant="light">
            Add connection
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Connection profiles: the embedded server, or any remote Switchyard server. */
