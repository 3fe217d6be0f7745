import { Button, CloseButton, Group, Pill, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { User } from '../access-api';
import { USER_SEARCH_HINT, USER_SEARCH_TOO_SHORT, userLabel, useUserSearch } from './user-search';

export interface UserPickerProps {
  label: string;
  selected: readonly User[];
  onChange: (next: User[]) => void;
  error?: string | undefined;
}

/** Picks users found by the 2-character user search; the chosen ones show as removable pills. */
export function UserPicker({ label, selected, onChange, error }: UserPickerProps) {
  const [text, setText] = useState('');
  const { searching, found, tooShort } = useUserSearch(text);
  const chosen = new Set(selected.map((user) => user.id));
  const candidates = searching ? (found.data ?? []).filter((user) => !chosen.has(user.id)) : [];

  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        description={USER_SEARCH_HINT}
        placeholder="Search users to add"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={tooShort ? USER_SEARCH_TOO_SHORT : error}
      />
      {searching && !found.loading && candidates.length === 0 ? (
        <Text size="sm" c="dimmed">
          {found.error ? 'The search failed.' : 'No other user matches.'}
        </Text>
      ) : null}
      {candidates.slice(0, 8).map((user) => (
        <Group key={user.id} justify="space-between" wrap="nowrap">
          <Text size="sm">
            {userLabel(user)}
            {user.email && user.email !== userLabel(user) ? (
              <Text span size="xs" c="dimmed">
                {' '}
                {user.email}
              </Text>
            ) : null}
          </Text>
          <Button
            size="compact-xs"
            variant="light"
            aria-label={`Add ${userLabel(user)}`}
            onClick={() => onChange([...selected, user])}
          >
            Add
          </Button>
        </Group>
      ))}
      <Group gap={6} data-testid="picked-users">
        {selected.length === 0 ? (
          <Text size="sm" c="dimmed">
            No members.
          </Text>
        ) : (
          selected.map((user) => (
            // Pill's own remove button is hidden from assistive technology; this one is not.
            <Pill key={user.id} size="md">
              <Group gap={4} wrap="nowrap">
                {userLabel(user)}
                <CloseButton
                  size="xs"
                  aria-label={`Remove ${userLabel(user)}`}
                  onClick={() => onChange(selected.filter((other) => other.id !== user.id))}
                />
              </Group>
            </Pill>
          ))
        )}
      </Group>
    </Stack>
  );
}
