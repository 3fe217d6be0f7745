import { Button, Group, NativeSelect, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { ProjectMode } from '../../../../server/contract';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { fieldErrorsOf, needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { useServerDraft } from '../../components/FormActions/use-server-draft';
import {
  namingMismatch,
  namingPatternError,
  useNamingPatterns,
} from '../../components/NameCheck/naming-pattern';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import type { SubmitResult } from '../../stores/console-store';
import { useEditMutation } from '../../stores/use-mutations';
import { usePendingEdits } from '../../stores/use-outbox';
import type { ProjectOverview } from './project-api';
import { type ProjectSettings, projectDetailsEdit, projectSettingsEdit } from './project-edits';

const MODES: Array<{ value: ProjectMode; label: string }> = [
  { value: 'open', label: 'Open: anyone can submit change requests' },
  { value: 'protected', label: 'Protected: only members can submit change requests' },
  { value: 'private', label: 'Private: only members can see it' },
];

type SettingsDraft = ReturnType<typeof useSettingsDraft>['draft'];

/** The form's fields: the project as the server (or a queued edit) has it until a field is changed here. */
function useSettingsDraft(projectId: string, overview: ProjectOverview) {
  const pendingDetails = usePendingEdits('project')(projectId);
  const pendingSettings = usePendingEdits('project-settings')(projectId);
  const details = (pendingDetails?.mine as { name?: string; description?: string | null } | null) ?? overview;
  const settings = (pendingSettings?.mine as ProjectSettings | undefined) ?? overview;
  const naming = settings.featureNaming ?? overview.featureNaming ?? { pattern: null };
  // Follows the project as the server (or a queued edit) has it until a field is changed here.
  const { draft, change } = useServerDraft({
    name: details.name ?? overview.name,
    description: details.description ?? '',
    mode: settings.mode as ProjectMode,
    stickiness: settings.defaultStickiness,
    featureLimit: (settings.featureLimit ?? '') as number | string,
    pattern: naming.pattern ?? '',
    example: naming.example ?? '',
    namingDescription: naming.description ?? '',
  });
  return { draft, change, pending: pendingDetails ?? pendingSettings };
}

/** What the draft changes and what is wrong with it (loading the naming pattern's checker when needed). */
function useSettingsCheck(draft: SettingsDraft, overview: ProjectOverview) {
  const { name, description, mode, stickiness, featureLimit, pattern, example, namingDescription } = draft;
  useNamingPatterns(Boolean(pattern.trim()));
  const limit = featureLimit === '' ? null : Number(featureLimit);
  const limitInvalid = limit !== null && (!Number.isInteger(limit) || limit < 1);
  const nameInvalid = !name.trim();
  // Copies cached before the naming pattern was read may lack it.
  const savedNaming = overview.featureNaming ?? { pattern: null };
  const patternError = namingPatternError(pattern.trim());
  const exampleError =
    !pattern.trim() && example.trim()
      ? 'An example needs a naming pattern'
      : patternError
        ? undefined
        : namingMismatch(example.trim(), { pattern: pattern.trim() });
  const namingInvalid = Boolean(patternError || exampleError);
  const current: ProjectSettings = {
    mode: overview.mode,
    defaultStickiness: overview.defaultStickiness,
    featureLimit: overview.featureLimit,
    featureNaming: savedNaming,
  };
  const nextNaming = {
    pattern: pattern.trim() || null,
    example: example.trim() || null,
    description: namingDescription.trim() || null,
  };
  const namingChanged =
    nextNaming.pattern !== (savedNaming.pattern || null) ||
    nextNaming.example !== (savedNaming.example || null) ||
    nextNaming.description !== (savedNaming.description || null);
  // The naming pattern is sent only when it changed, so other settings saves leave it alone.
  const next: ProjectSettings = {
    mode,
    defaultStickiness: stickiness,
    featureLimit: limit,
    ...(namingChanged ? { featureNaming: nextNaming } : {}),
  };
  const detailsChanged = name.trim() !== overview.name || description.trim() !== (overview.description ?? '');
  const settingsChanged =
    mode !== current.mode ||
    stickiness !== current.defaultStickiness ||
    limit !== (current.featureLimit ?? null) ||
    namingChanged;
  return {
    ...{ limit, limitInvalid, nameInvalid, patternError, exampleError, namingInvalid },
    ...{ current, next, detailsChanged, settingsChanged },
  };
}

/** Saves the changed parts, each as its own edit: queued if either was queued, else applied. */
function useSaveSettings({
  projectId,
  overview,
  draft,
  checked,
  onSaved,
}: {
  projectId: string;
  overview: ProjectOverview;
  draft: SettingsDraft;
  checked: ReturnType<typeof useSettingsCheck>;
  onSaved: (result: SubmitResult) => void;
}) {
  const { mutateAsync: submitEdit } = useEditMutation();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const { name, description } = draft;
  const { limitInvalid, nameInvalid, namingInvalid, current, next, detailsChanged, settingsChanged } =
    checked;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (nameInvalid || limitInvalid || namingInvalid) return;
    setSaving(true);
    setError(null);
    try {
      let result: SubmitResult = 'applied';
      if (detailsChanged) {
        const edit = projectDetailsEdit(overview, projectId, {
          name: name.trim(),
          description: description.trim(),
        });
        if ((await submitEdit(edit)) === 'queued') result = 'queued';
      }
      if (settingsChanged) {
        if ((await submitEdit(projectSettingsEdit(projectId, current, next))) === 'queued') result = 'queued';
      }
      onSaved(result);
    } catch (caught) {
      setError(caught);
    } finally {
      setSaving(false);
    }
  }

  return { save, saving, error };
}

/**
 * Name and description (PUT /projects/:id) and the settings (PUT /projects/:id/settings), saved
 * together: each changed part is its own edit, so each queues and replays on its own.
 */
export function ProjectSettingsForm({
  projectId,
  overview,
  stickinessOptions,
  onSaved,
}: {
  projectId: string;
  overview: ProjectOverview;
  stickinessOptions: readonly string[];
  onSaved: (result: SubmitResult) => void;
}) {
  const { draft, change, pending } = useSettingsDraft(projectId, overview);
  const { name, description, mode, stickiness, featureLimit, pattern, example, namingDescription } = draft;
  const checked = useSettingsCheck(draft, overview);
  const { limitInvalid, nameInvalid, patternError, exampleError, namingInvalid } = checked;
  const { detailsChanged, settingsChanged } = checked;
  const { save, saving, error } = useSaveSettings({ projectId, overview, draft, checked, onSaved });
  const server = fieldErrorsOf(error);

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="sm" maw={560}>
        {needsFormAlert(error) ? <ErrorNotice error={error} title="The project was not changed" /> : null}
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(e) => change({ name: e.currentTarget.value })}
          error={server.name ?? (nameInvalid ? 'A project needs a name' : undefined)}
        />
        <Textarea
          label="Description"
          rows={3}
          value={description}
          onChange={(e) => change({ description: e.currentTarget.value })}
          error={server.description}
        />
        <NativeSelect
          label="Collaboration mode"
          data={MODES}
          value={mode}
          onChange={(e) => change({ mode: e.currentTarget.value as ProjectMode })}
          error={server.mode}
        />
        <NativeSelect
          label="Default stickiness"
          description="The context field new gradual rollouts of this project stick to"
          data={[...stickinessOptions]}
          value={stickiness}
          onChange={(e) => change({ stickiness: e.currentTarget.value })}
          error={server.defaultStickiness}
        />
        <NumberInput
          label="Flag limit"
          description="The most flags the project may hold; empty for no limit"
          placeholder="no limit"
          min={1}
          allowDecimal={false}
          value={featureLimit}
          onChange={(next) => change({ featureLimit: next })}
          error={server.featureLimit ?? (limitInvalid ? 'A whole number, 1 or more' : undefined)}
        />
        <NamingFields
          {...{ pattern, example, namingDescription, change, patternError, exampleError }}
          server={server}
        />
        <Group justify="flex-end" gap="xs">
          <PendingBadge entry={pending} />
          <Button
            type="submit"
            loading={saving}
            disabled={(!detailsChanged && !settingsChanged) || nameInvalid || limitInvalid || namingInvalid}
          >
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The flag naming pattern, an example name and what the pattern means. */
function NamingFields({
  pattern,
  example,
  namingDescription,
  change,
  patternError,
  exampleError,
  server,
}: {
  pattern: string;
  example: string;
  namingDescription: string;
  change: (changes: Partial<SettingsDraft>) => void;
  patternError: string | undefined;
  exampleError: string | undefined;
  server: Record<string, string | undefined>;
}) {
  return (
    <>
      <TextInput
        label="Flag naming pattern"
        description="A regular expression every new flag name must match in full; empty for none"
        placeholder="e.g. [a-z]+-[a-z0-9-]+"
        value={pattern}
        onChange={(e) => change({ pattern: e.currentTarget.value })}
        error={server['featureNaming.pattern'] ?? patternError}
        ff="monospace"
      />
      <TextInput
        label="Naming example"
        description="A name that matches the pattern, shown to people creating flags"
        value={example}
        onChange={(e) => change({ example: e.currentTarget.value })}
        error={server['featureNaming.example'] ?? exampleError}
      />
      <TextInput
        label="Naming description"
        description="What the pattern means, in words"
        value={namingDescription}
        onChange={(e) => change({ namingDescription: e.currentTarget.value })}
        error={server['featureNaming.description']}
      />
    </>
  );
}
