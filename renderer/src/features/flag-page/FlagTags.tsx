import { ActionIcon, Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { createFlagPageApi } from '../../api/flag-api';
import type { Tag } from '../../api/types';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { PendingChangeNotice } from '../../components/PendingChangeNotice/PendingChangeNotice';
import { QueryState } from '../../components/QueryState/QueryState';
import { useProfileOutbox } from '../../stores/use-outbox';
import { useServerData } from '../../stores/use-server-data';
import { addTagEdit, removeTagEdit } from './flag-edits';
import { useFlagEdit } from './use-flag-edit';

const tagKey = (tag: { type: string; value: string }) => `${tag.type}:${tag.value}`;

/** The server's tags with queued additions and removals applied, each marked when still pending. */
export function displayedTags(
  name: string,
  server: readonly Tag[],
  queued: ReadonlyArray<{ kind: string; target: string; mine: unknown }>,
): Array<{ tag: Tag; pending: boolean }> {
  const shown = new Map(server.map((tag) => [tagKey(tag), { tag, pending: false }]));
  const prefix = `${name}:`;
  for (const entry of queued) {
    if (entry.kind !== 'flag-tag' || !entry.target.startsWith(prefix)) continue;
    const rest = entry.target.slice(prefix.length);
    const split = rest.indexOf(':');
    const tag = { type: rest.slice(0, split), value: rest.slice(split + 1) };
    if ((entry.mine as { tagged?: boolean } | null)?.tagged) shown.set(tagKey(tag), { tag, pending: true });
    else shown.delete(tagKey(tag));
  }
  return [...shown.values()].sort((a, b) => tagKey(a.tag).localeCompare(tagKey(b.tag)));
}

/** The flag's tags (`/api/admin/features/:name/tags`): listed, added with a tag type, removed. */
export function FlagTags({ name }: { name: string }) {
  const tags = useServerData(`flag-tags:${name}`, (api, signal) =>
    createFlagPageApi(api.client).getTags(name, signal),
  );
  const tagTypes = useServerData('tag-types', (api) => api.listTagTypes());
  const outbox = useProfileOutbox();
  const edit = useFlagEdit();
  const [type, setType] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const [showErrors, setShowErrors] = useState(false);

  const typeNames = (tagTypes.data?.tagTypes ?? []).map((tagType) => tagType.name);
  const chosenType = type ?? typeNames[0] ?? null;
  const trimmed = value.trim();
  const valueError =
    trimmed.length < 2 || trimmed.length > 50 ? 'A tag value has 2 to 50 characters' : undefined;

  async function add(event: FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    if (!chosenType || valueError) return;
    if (await edit.submit(addTagEdit(name, { type: chosenType, value: trimmed }))) {
      setValue('');
      setShowErrors(false);
    }
  }

  return (
    <Stack gap="sm">
      {edit.error ? <ErrorNotice error={edit.error} title="The tags were not changed" /> : null}
      {edit.queued ? <PendingChangeNotice onClose={edit.clearQueued} /> : null}
      <QueryState query={tags} noun="tags">
        {(data) => {
          const shown = displayedTags(name, data.tags, outbox);
          return shown.length === 0 ? (
            <Text size="sm" c="dimmed">
              No tags.
            </Text>
          ) : (
            <Group gap="xs" data-testid="flag-tags">
              {shown.map(({ tag, pending }) => (
                <TagBadge
                  key={tagKey(tag)}
                  {...{ tag, pending }}
                  busy={edit.busy}
                  onRemove={() => void edit.submit(removeTagEdit(name, tag))}
                />
              ))}
            </Group>
          );
        }}
      </QueryState>
      <form onSubmit={add} noValidate>
        <Group align="flex-start" gap="sm">
          <Select
            label="Tag type"
            data={typeNames}
            value={chosenType}
            onChange={setType}
            allowDeselect={false}
            placeholder={tagTypes.loading ? 'Loading…' : 'No tag types'}
          />
          <TextInput
            label="Tag value"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={showErrors ? valueError : undefined}
          />
          <Button type="submit" mt={25} disabled={!chosenType || edit.busy} loading={edit.busy}>
            Add tag
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

/** One tag (outlined while its addition is queued) with its remove button. */
function TagBadge({
  tag,
  pending,
  busy,
  onRemove,
}: {
  tag: Tag;
  pending: boolean;
  busy: boolean;
  onRemove: () => void;
}) {
  return (
    <Badge
      variant={pending ? 'outline' : 'light'}
      color={pending ? 'yellow' : undefined}
      title={pending ? 'Pending: sent when the server is back' : undefined}
      rightSection={
        <ActionIcon
          size="xs"
          variant="transparent"
          aria-label={`Remove tag ${tag.type}: ${tag.value}`}
          disabled={busy}
          onClick={onRemove}
        >
          ✕
        </ActionIcon>
      }
    >
      {tag.type}: {tag.value}
    </Badge>
  );
}
