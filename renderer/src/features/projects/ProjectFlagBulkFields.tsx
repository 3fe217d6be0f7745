import { Button, Select, TextInput } from '@mantine/core';
import type { BulkAction } from './project-flag-bulk';
import { parseTag } from './project-flag-columns';

/** The environment picker with the bulk enable and disable buttons. */
export function BulkEnvironmentButtons({
  offline,
  environments,
  environment,
  onEnvironment,
  onAsk,
}: {
  offline: boolean;
  environments: readonly string[];
  environment: string | null;
  onEnvironment: (environment: string | null) => void;
  onAsk: (action: BulkAction) => void;
}) {
  return (
    <>
      <Select
        size="xs"
        aria-label="Environment"
        data={[...environments]}
        value={environment}
        onChange={onEnvironment}
        allowDeselect={false}
        w={150}
      />
      <Button
        size="xs"
        variant="light"
        disabled={offline || !environment}
        onClick={() => environment && onAsk({ kind: 'environment', environment, enabled: true })}
      >
        Enable
      </Button>
      <Button
        size="xs"
        variant="light"
        disabled={offline || !environment}
        onClick={() => environment && onAsk({ kind: 'environment', environment, enabled: false })}
      >
        Disable
      </Button>
    </>
  );
}

/** The `type:value` tag input with the bulk add and remove buttons. */
export function BulkTagButtons({
  offline,
  tag,
  onTag,
  onAsk,
}: {
  offline: boolean;
  tag: string;
  onTag: (tag: string) => void;
  onAsk: (action: BulkAction) => void;
}) {
  const parsed = parseTag(tag);
  const tagAction = (add: boolean) => onAsk({ kind: 'tag', type: parsed.type, value: parsed.value, add });
  return (
    <>
      <TextInput
        size="xs"
        aria-label="Tag (type:value)"
        placeholder="type:value"
        value={tag}
        onChange={(event) => onTag(event.currentTarget.value)}
        w={150}
      />
      <Button size="xs" variant="light" disabled={offline || !parsed.valid} onClick={() => tagAction(true)}>
        Add tag
      </Button>
      <Button size="xs" variant="light" disabled={offline || !parsed.valid} onClick={() => tagAction(false)}>
        Remove tag
      </Button>
    </>
  );
}
