import { ActionIcon, Button, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { FormActions } from '../../components/FormActions/FormActions';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { useConsole } from '../../stores/console-context';
import type { SubmitResult } from '../../stores/console-store';
import { useEditMutation } from '../../stores/use-mutations';
import { createReleaseTemplateEdit, type NewReleaseTemplate } from './release-template-edits';

export interface ReleaseTemplateFormProps {
  onDone: (result: SubmitResult, name: string) => void;
  onCancel: () => void;
}

/** Creates a release template: a name, a description and its milestones in order. */
export function ReleaseTemplateForm({ onDone, onCancel }: ReleaseTemplateFormProps) {
  const consoleApi = useConsole();
  const { mutateAsync: submitEdit } = useEditMutation();
  const { submitting, error, showErrors, submit } = useFormSubmit();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [milestones, setMilestones] = useState<string[]>(['']);
  const nameMissing = name.trim() === '';
  const milestoneMissing = milestones.some((milestone) => milestone.trim() === '');

  const setMilestone = (index: number, value: string) =>
    setMilestones((current) => current.map((milestone, i) => (i === index ? value : milestone)));

  async function send() {
    const body: NewReleaseTemplate = {
      name: name.trim(),
      description: description.trim() ? description.trim() : null,
      milestones: milestones.map((milestone, sortOrder) => ({ name: milestone.trim(), sortOrder })),
    };
    onDone(await submitEdit(createReleaseTemplateEdit(body, consoleApi.services.newId())), body.name);
  }

  return (
    <form onSubmit={(event) => submit(event, nameMissing || milestoneMissing, send)} noValidate>
      <Stack gap="sm">
        {error ? <ErrorNotice error={error} title="The release template was not created" /> : null}
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={showErrors && nameMissing ? 'A template needs a name' : undefined}
          data-autofocus
        />
        <Textarea
          label="Description"
          rows={2}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Title order={5}>Milestones</Title>
        <Text size="sm">In the order a release goes through them. Add strategies to each once created.</Text>
        {milestones.map((milestone, index) => (
          // Milestones have no id before they are saved: their position is their identity here.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={`Milestone ${index + 1}`}
              required
              value={milestone}
              onChange={(event) => setMilestone(index, event.currentTarget.value)}
              error={showErrors && milestone.trim() === '' ? 'A milestone needs a name' : undefined}
            />
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Remove milestone ${index + 1}`}
              disabled={milestones.length === 1}
              onClick={() => setMilestones((current) => current.filter((_, i) => i !== index))}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="default" size="xs" onClick={() => setMilestones((current) => [...current, ''])}>
            Add milestone
          </Button>
        </Group>
        <FormActions submitLabel="Create template" submitting={submitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
